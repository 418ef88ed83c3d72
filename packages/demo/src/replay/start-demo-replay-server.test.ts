import { readFile } from "node:fs/promises";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { SOURCES } from "@tender/sources";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoData, loadDemoData } from "./demo-data.js";
import { DEMO_PROCEDURE } from "./demo-procedure.js";
import { type DemoReplayServer, startDemoReplayServer } from "./start-demo-replay-server.js";

type TedPage = { notices: { "publication-number": string }[]; iterationNextToken: string | null };
type CfPage = { releases: { ocid: string; id: string }[]; links?: { next: string } };

let data: DemoData;
const pagesOf = (code: string) => data.ocdsSources.find((source) => source.code === code)?.pages ?? [];
let server: DemoReplayServer;

const tedSearch = async (token?: string) =>
  fetch(`${server.baseUrl}/v3/notices/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: "x",
      limit: 100,
      ...(token === undefined ? {} : { iterationNextToken: token }),
    }),
  });

beforeAll(async () => {
  data = await loadDemoData();
  server = await startDemoReplayServer(data);
});
afterAll(() => server.close());

describe("the demo replay server", () => {
  it("serves the TED pages chained by iterationNextToken, the derived page last", async () => {
    const seen: string[] = [];
    let token: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = (await (await tedSearch(token)).json()) as TedPage;
      seen.push(...page.notices.map((n) => n["publication-number"]));
      if (page.iterationNextToken === null) break;
      token = page.iterationNextToken;
    }
    const expected = data.tedPages.flatMap((p) =>
      (p as unknown as TedPage).notices.map((n) => n["publication-number"]),
    );
    expect(seen).toEqual(expected);
    expect(seen.slice(-2)).toEqual(["821062-2025", "821126-2025"]);
  });

  it("answers 400 to a token it never gave, as TED does to an expired one", async () => {
    expect((await tedSearch("someone-elses-token")).status).toBe(400);
    expect((await tedSearch("demo-ted-page-99")).status).toBe(400);
  });

  it("serves the Contracts Finder pages chained by links.next", async () => {
    const ocids: string[] = [];
    const nextLinks: string[] = [];
    let url: string | undefined = `${server.baseUrl}/Published/Notices/OCDS/Search?stages=tender&limit=100`;
    while (url) {
      const response: Response = await fetch(url);
      expect(response.status).toBe(200);
      const page = (await response.json()) as CfPage;
      ocids.push(...page.releases.map((r) => r.ocid));
      url = page.links?.next;
      if (url !== undefined) nextLinks.push(url);
    }
    // Every page but the last links the next one, and each link keeps the query's stages.
    expect(nextLinks).toHaveLength(pagesOf("contracts_finder").length - 1);
    expect(nextLinks.map((next) => new URL(next).searchParams.get("stages"))).toEqual(
      nextLinks.map(() => "tender"),
    );
    expect(ocids).toEqual(
      pagesOf("contracts_finder").flatMap((p) => (p as unknown as CfPage).releases.map((r) => r.ocid)),
    );
    expect((await fetch(`${server.baseUrl}/Published/Notices/OCDS/Search?cursor=nope`)).status).toBe(400);
  });

  it("serves every registered source's recorded OCDS pages at its own path, and records when", async () => {
    const recorded = SOURCES.filter((source) => source.recordedOcdsPages !== undefined);
    expect(recorded.map((source) => source.code)).toEqual(expect.arrayContaining(["contracts_finder"]));
    expect(data.ocdsSources.map((source) => source.code)).toEqual(recorded.map((source) => source.code));
    for (const source of recorded) {
      const path = source.recordedOcdsPages?.path ?? "";
      const page = (await (await fetch(`${server.baseUrl}${path}`)).json()) as CfPage;
      expect(
        page.releases.map((r) => r.ocid),
        source.code,
      ).toEqual((pagesOf(source.code)[0] as unknown as CfPage).releases.map((r) => r.ocid));
      expect(server.firstServedAt(source.code), source.code).toBeInstanceOf(Date);
    }
  });

  it("serves the Find a Tender pages chained by links.next, the recorded Infinity read as null", async () => {
    const ocids: string[] = [];
    let url: string | undefined = `${server.baseUrl}/api/1.0/ocdsReleasePackages?stages=tender&limit=100`;
    let pages = 0;
    while (url) {
      const response: Response = await fetch(url);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain("Infinity");
      const page = JSON.parse(text) as CfPage;
      ocids.push(...page.releases.map((r) => r.ocid));
      url = page.links?.next;
      pages += 1;
    }
    expect(pages).toBe(pagesOf("find_a_tender").length);
    expect(ocids).toEqual(
      pagesOf("find_a_tender").flatMap((p) => (p as unknown as CfPage).releases.map((r) => r.ocid)),
    );
    // The 25 recorded releases, then the demo procedure's call; its later notices are held.
    expect(ocids).toHaveLength(26);
    expect(ocids.at(-1)).toBe(DEMO_PROCEDURE.ocid);
    expect(
      (await fetch(`${server.baseUrl}/api/1.0/ocdsReleasePackages?cursor=demo-contracts_finder-page-1`))
        .status,
    ).toBe(400);
  });

  it("serves the real PDF byte for byte under the notice's path, and 404 for documents it lacks", async () => {
    const response = await fetch(`${server.baseUrl}/it/notice/821126-2025/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const expected = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821126));
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
    expect((await fetch(`${server.baseUrl}/en/notice/367831-2026/pdf`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/Notice/Attachment/5676d68a`)).status).toBe(404);
  });

  it("while held, both search APIs answer an empty page; documents are still served", async () => {
    server.setAvailable(false);
    try {
      expect(((await (await tedSearch()).json()) as TedPage).notices).toEqual([]);
      const cf = (await (await fetch(`${server.baseUrl}/Published/Notices/OCDS/Search`)).json()) as CfPage;
      expect(cf.releases).toEqual([]);
      expect(cf.links).toBeUndefined();
      expect((await fetch(`${server.baseUrl}/it/notice/821062-2025/pdf`)).status).toBe(200);
    } finally {
      server.setAvailable(true);
    }
  });

  it("tells when each search API first answered with data, never while held", async () => {
    const held = await startDemoReplayServer(data, { available: false });
    try {
      const before = new Date();
      await fetch(`${held.baseUrl}/v3/notices/search`, {
        method: "POST",
        body: JSON.stringify({ query: "x" }),
      });
      expect(held.firstServedAt("ted")).toBeUndefined();
      held.setAvailable(true);
      await fetch(`${held.baseUrl}/v3/notices/search`, {
        method: "POST",
        body: JSON.stringify({ query: "x" }),
      });
      expect(held.firstServedAt("ted")?.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(held.firstServedAt("contracts_finder")).toBeUndefined();
      await fetch(`${held.baseUrl}/Published/Notices/OCDS/Search`);
      expect(held.firstServedAt("contracts_finder")).toBeInstanceOf(Date);
    } finally {
      await held.close();
    }
  });

  it("publishes the demo procedure's held notices one at a time, after the source's pages", async () => {
    const replay = await startDemoReplayServer(data);
    const releaseIds = async () => {
      const ids: string[] = [];
      let url: string | undefined = `${replay.baseUrl}/api/1.0/ocdsReleasePackages?stages=tender`;
      while (url) {
        const page = (await (await fetch(url)).json()) as CfPage;
        ids.push(...page.releases.map((r) => r.id));
        url = page.links?.next;
      }
      return ids;
    };
    try {
      const [change, award] = DEMO_PROCEDURE.later.map((step) => step.externalId);
      const before = await releaseIds();
      expect(before.at(-1)).toBe(DEMO_PROCEDURE.call.externalId);
      expect(before).not.toContain(change);
      expect(replay.publishNext(DEMO_PROCEDURE.source)).toBe(true);
      expect(await releaseIds()).toEqual([...before, change]);
      expect(replay.publishNext(DEMO_PROCEDURE.source)).toBe(true);
      expect(await releaseIds()).toEqual([...before, change, award]);
      // Nothing is left to publish, and a source without held pages has none.
      expect(replay.publishNext(DEMO_PROCEDURE.source)).toBe(false);
      expect(replay.publishNext("contracts_finder")).toBe(false);
      expect(await releaseIds()).toEqual([...before, change, award]);
    } finally {
      await replay.close();
    }
  });
});
