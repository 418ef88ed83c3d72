// The golden path, end to end and through HTTP only: the replay server (real recorded TED and
// Contracts Finder pages, real TED notice PDFs) → both ingest services → NATS → downloader →
// indexer → the gateway's Search, Ask and tender card answering with text from inside a PDF.
import type { AskResponse, SearchResponse, TenderDetails } from "@tender/contracts";
import { DEMO_ASK_QUESTION, DEMO_SEARCH_QUERY } from "@tender/demo";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createKeyWithCli, type E2eSystem, postJson, startE2eSystem } from "./e2e-harness.js";

/** Sentences printed in the real PDF of TED notice 821126-2025 (see packages/source-ted/fixtures). */
const ESTIMATED_VALUE = "Valore stimato al netto dell'IVA: 5 156 400,00 EUR";
const DEADLINE = "Termine per il ricevimento delle offerte: 08/01/2026 12:00:00";

let e2e: E2eSystem;
let apiKey: string;
const url = (path: string) => `${e2e.system.gatewayUrl}${path}`;
const search = (query: string, limit = 5) =>
  postJson<SearchResponse>(url("/api/v1/search"), apiKey, { query, limit });

beforeAll(async () => {
  e2e = await startE2eSystem();
  apiKey = await createKeyWithCli(e2e.testDb.url);
}, 120_000);

afterAll(async () => {
  await e2e?.close();
}, 60_000);

afterEach((context) => {
  if (context.task.result?.state === "fail") {
    process.stderr.write(`--- last service log lines ---\n${e2e.logs.slice(-60).join("\n")}\n`);
  }
});

describe("golden path: recorded sources to grounded answers, over HTTP", () => {
  it("Search returns fragments from inside the downloaded notice PDF", async () => {
    // Polls the public API until the PDF has gone through download and indexing.
    const items = await vi.waitFor(
      async () => {
        const { status, body } = await search(DEMO_SEARCH_QUERY);
        expect(status).toBe(200);
        const fromPdf = body.items.filter((item) => item.attachment?.filename.endsWith(".pdf"));
        expect(fromPdf.some((item) => item.snippet.includes(ESTIMATED_VALUE))).toBe(true);
        return body.items;
      },
      { timeout: 120_000, interval: 1_000 },
    );
    const hit = items.find((item) => item.snippet.includes(ESTIMATED_VALUE));
    expect(hit).toMatchObject({
      source: "ted",
      source_url: "https://ted.europa.eu/it/notice/-/detail/821126-2025",
      attachment: { filename: "821126-2025-it.pdf" },
    });
    expect(hit?.title).toContain("NASTRI IN ACCIAIO AL CARBONIO");
  }, 130_000);

  it("Ask answers from the PDF and returns the fragment it used", async () => {
    const { status, body } = await postJson<AskResponse>(url("/api/v1/ask"), apiKey, {
      query: DEMO_ASK_QUESTION,
      limit: 3,
    });
    expect(status).toBe(200);
    const [first] = body.sources;
    expect(first?.attachment?.filename).toBe("821126-2025-it.pdf");
    expect(first?.snippet).toContain(DEADLINE);
    expect(body.answer).toContain("[1]");
  });

  it("the tender card lists the PDF as downloaded", async () => {
    const { body } = await search(DEMO_SEARCH_QUERY);
    const tenderId = body.items.find((item) => item.snippet.includes(ESTIMATED_VALUE))?.tender_id;
    const response = await fetch(url(`/api/v1/tenders/${tenderId}`), { headers: { "x-api-key": apiKey } });
    expect(response.status).toBe(200);
    const card = (await response.json()) as TenderDetails;
    expect(card).toMatchObject({
      external_id: "821126-2025",
      source: "ted",
      buyer_name: "Istituto Poligrafico e Zecca dello Stato S.p.A.",
      amount: "5156400.00",
      currency: "EUR",
      index_status: "ready",
    });
    expect(card.attachments).toEqual([
      expect.objectContaining({
        filename: "821126-2025-it.pdf",
        content_type: "application/pdf",
        download_status: "ready",
        size_bytes: 190_838,
      }),
    ]);
  });

  it("tenders of both sources are searchable (Contracts Finder through ingest-source-b)", async () => {
    const items = await vi.waitFor(
      async () => {
        const { body } = await search("EV charger supply and install");
        expect(body.items.map((item) => item.source)).toContain("contracts_finder");
        return body.items;
      },
      { timeout: 30_000, interval: 1_000 },
    );
    expect(items.find((item) => item.source === "contracts_finder")?.title).toBe(
      "RA359950 - EV Charger Supply and Install",
    );
  }, 40_000);
});
