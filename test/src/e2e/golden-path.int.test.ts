// The golden path, end to end and through HTTP only: the replay server (real recorded TED and
// Contracts Finder pages, real TED notice PDFs) → the TED and Contracts Finder ingest services
// (every service runs; these two poll every second) → NATS → downloader →
// indexer → the gateway's Search, Ask and tender card answering with text from inside a PDF, and
// the notifier calling a saved search's webhook with a signed alert for that PDF's clause.
import { readFileSync } from "node:fs";
import { AlertV1, type AskResponse, type SearchResponse, type TenderDetails } from "@tender/contracts";
import {
  type AlertReceiver,
  type CreatedDemoSavedSearch,
  createDemoSavedSearch,
  DEMO_ASK_QUESTION,
  DEMO_SAVED_SEARCH,
  DEMO_SEARCH_QUERY,
  startAlertReceiver,
} from "@tender/demo";
import * as v from "valibot";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { repoPath } from "../deploy/repo-path.js";
import { createKeyWithCli, type E2eSystem, postJson, startE2eSystem } from "./e2e-harness.js";
import { labelValues, scrapeMetrics } from "./scrape-metrics.js";

/** Sentences printed in the real PDF of TED notice 821126-2025 (see packages/source-ted/fixtures). */
const ESTIMATED_VALUE = "Valore stimato al netto dell'IVA: 5 156 400,00 EUR";
const DEADLINE = "Termine per il ricevimento delle offerte: 08/01/2026 12:00:00";

let e2e: E2eSystem;
let apiKey: string;
let receiver: AlertReceiver;
let savedSearch: CreatedDemoSavedSearch;
const url = (path: string) => `${e2e.system.gatewayUrl}${path}`;
const search = (query: string, limit = 5) =>
  postJson<SearchResponse>(url("/api/v1/search"), apiKey, { query, limit });

beforeAll(async () => {
  receiver = await startAlertReceiver(() => {});
  // The sources stay empty until the saved search exists, as in the demo: its notice is indexed after it.
  e2e = await startE2eSystem({
    replayAvailable: false,
    overrides: {
      "ingest-source-a": { SYNC_INTERVAL_MS: "1000" },
      "ingest-source-b": { SYNC_INTERVAL_MS: "1000" },
    },
  });
  apiKey = await createKeyWithCli(e2e.testDb.url);
  savedSearch = await createDemoSavedSearch(e2e.system.gatewayUrl, apiKey, receiver);
  e2e.system.replay.setAvailable(true);
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  await receiver?.close();
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

describe("alerts: the notifier calls the saved search's webhook", () => {
  it("with a signed AlertV1 for the notice, carrying the clause from inside its PDF, once per alert", async () => {
    const alert = await vi.waitFor(
      () => {
        const got = receiver.received.find(
          (r) => (r.body as AlertV1 | undefined)?.tender?.external_id === "821126-2025",
        );
        expect(got).toBeDefined();
        return got as NonNullable<typeof got>;
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(alert.signed).toBe(true);
    const body = v.parse(AlertV1, alert.body);
    expect(body).toMatchObject({
      schema_version: 1,
      alert_id: alert.alertId,
      saved_search: { id: savedSearch.id, name: DEMO_SAVED_SEARCH.name },
      attachment: { filename: "821126-2025-it.pdf" },
    });
    expect(body.snippet).toContain(ESTIMATED_VALUE);
    expect(body.score).toBeGreaterThanOrEqual(DEMO_SAVED_SEARCH.min_score);
    // Every alert went only to Italian notices (the saved search's filter) and none twice.
    const alerts = receiver.received.map((r) => v.parse(AlertV1, r.body));
    expect(alerts.every((a) => a.tender.countries.includes("IT"))).toBe(true);
    expect(new Set(alerts.map((a) => a.alert_id)).size).toBe(alerts.length);
    expect(receiver.received.every((r) => r.signed)).toBe(true);

    const matches = await fetch(url(`/api/v1/saved-searches/${savedSearch.id}/matches`), {
      headers: { "x-api-key": apiKey },
    });
    const listed = (await matches.json()) as { items: { alert_id: string }[] };
    expect(listed.items.map((m) => m.alert_id)).toContain(alert.alertId);
    const feed = await (await fetch(url(savedSearch.feed_url))).text();
    expect(feed).toContain(alert.alertId);
  }, 70_000);
});

describe("metrics: every service serves Prometheus text at /metrics", () => {
  const WORKERS = ["ingest-source-a", "ingest-source-b", "downloader", "indexer", "notifier"] as const;
  const documented = readFileSync(repoPath("README.md"), "utf8");
  const isNodeDefault = (name: string) => /^tender_(process|nodejs)_/.test(name);

  it("names start with tender_, each is in the README, and label values stay bounded", async () => {
    // Unknown paths full of ids must not become label values.
    for (let i = 0; i < 5; i++) await fetch(url(`/api/v1/nothing/${crypto.randomUUID()}`));
    const gateway = await scrapeMetrics(`http://127.0.0.1:${e2e.system.metricsPort}/metrics`);
    const workers = await Promise.all(
      WORKERS.map((name) => scrapeMetrics(`http://127.0.0.1:${e2e.system.healthPorts[name]}/metrics`)),
    );
    // Never on the public API port.
    expect((await fetch(url("/metrics"))).status).toBe(404);

    for (const scrape of [gateway, ...workers]) {
      expect(scrape.names.length).toBeGreaterThan(10);
      for (const name of scrape.names) {
        expect(name).toMatch(/^tender_/);
        if (!isNodeDefault(name)) expect(documented, `README lists ${name}`).toContain(`\`${name}\``);
      }
      expect(scrape.names).toContain("tender_process_cpu_user_seconds_total");
      for (const [label, values] of labelValues(scrape)) {
        expect(values.size, `values of ${label}`).toBeLessThanOrEqual(40);
        for (const value of values) expect(value, label).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      }
    }

    const routes = labelValues(gateway).get("route") ?? new Set();
    expect(routes).toContain("/api/v1/search");
    expect(routes).toContain("unmatched");
    for (const route of routes) expect(route).toMatch(/^(\/|unmatched$)/);
    const searches = gateway.samples.find(
      (s) =>
        s.name === "tender_http_requests_total" &&
        s.labels.route === "/api/v1/search" &&
        s.labels.status === "200",
    );
    expect(searches?.value).toBeGreaterThan(0);
    for (const name of [
      "tender_search_duration_seconds",
      "tender_ai_call_duration_seconds",
      "tender_rate_limit_refusals_total",
    ])
      expect(gateway.names).toContain(name);

    for (const scrape of workers) {
      for (const name of [
        "tender_consumer_pending",
        "tender_consumer_ack_pending",
        "tender_consumer_redelivered",
        "tender_outbox_backlog",
        "tender_outbox_oldest_age_seconds",
        "tender_dead_letters",
      ])
        expect(scrape.names).toContain(name);
      const consumers = scrape.samples
        .filter((s) => s.name === "tender_consumer_pending")
        .map((s) => s.labels.consumer);
      expect(consumers.sort()).toEqual(["downloader", "indexer", "notifier"]);
    }
    const indexer = workers[WORKERS.indexOf("indexer")];
    const embeds = indexer?.samples.find(
      (s) =>
        s.name === "tender_ai_call_duration_seconds_count" &&
        s.labels.operation === "embed" &&
        s.labels.outcome === "ok",
    );
    expect(embeds?.value).toBeGreaterThan(0);
    const count = (scrape: typeof indexer, name: string, outcome: string) =>
      scrape?.samples.find((s) => s.name === name && s.labels.outcome === outcome)?.value ?? 0;
    expect(count(indexer, "tender_index_outcomes_total", "indexed")).toBeGreaterThan(0);
    expect(count(indexer, "tender_extraction_duration_seconds_count", "ok")).toBeGreaterThan(0);
    const downloader = workers[WORKERS.indexOf("downloader")];
    expect(count(downloader, "tender_download_outcomes_total", "downloaded")).toBeGreaterThan(0);
  });
});
