import { readFileSync } from "node:fs";
import type { PoliteHttpClient, TextRequest } from "@tender/ingest";
import { describe, expect, it } from "vitest";
import { fetchTedNoticeAwards } from "./fetch-ted-notice-awards.js";
import { TED_FIXTURES, tedFixturePath } from "./ted-fixtures.js";

const RESULT = JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.resultNotice291981), "utf8")) as Record<
  string,
  unknown
>;
const COMPETITION = (
  JSON.parse(readFileSync(tedFixturePath(TED_FIXTURES.digitalCompetitionPage), "utf8")) as {
    notices: Record<string, unknown>[];
  }
).notices[0];

/** A client that records what it was asked and answers with `reply`. */
function fakeHttp(reply: () => string): PoliteHttpClient & { asked: TextRequest[] } {
  const asked: TextRequest[] = [];
  return {
    asked,
    isAllowed: () => true,
    async requestJson() {
      throw new Error("no JSON here");
    },
    async requestText(request) {
      asked.push(request);
      return reply();
    },
  };
}

const options = (http: PoliteHttpClient) => ({
  http,
  baseUrl: "https://api.ted.europa.eu",
  signal: new AbortController().signal,
});
const WORMS = {
  name: "Stadtverwaltung Worms, Abt. 6.4 Zentrale Ausschreibungsstelle und Dienste",
  identifier: null,
  scheme: null,
  country: "DE",
};

describe("fetchTedNoticeAwards", () => {
  it("asks for a result notice's XML on ted.europa.eu, capped, and reads it", async () => {
    const http = fakeHttp(() => "<not xml");
    const awards = await fetchTedNoticeAwards(RESULT, options(http));
    expect(http.asked.map((r) => [r.url, r.maxBytes])).toEqual([
      ["https://ted.europa.eu/en/notice/291981-2026/xml", 10_000_000],
    ]);
    expect(awards).toMatchObject({ buyer: WORMS, awards: [] });
    expect(awards.unreadable).toMatch(/^the eForms XML was refused \(not-xml\)/);
  });

  it("asks nothing for a call for competition, a link off TED's hosts or no link at all", async () => {
    const http = fakeHttp(() => "");
    expect(await fetchTedNoticeAwards(COMPETITION, options(http))).toMatchObject({
      awards: [],
      unreadable: null,
    });
    const elsewhere = { ...RESULT, links: { xml: { MUL: "https://evil.example/291981-2026.xml" } } };
    expect((await fetchTedNoticeAwards(elsewhere, options(http))).unreadable).toBe(
      "the eForms XML link is not on a TED host",
    );
    const linkless = { ...RESULT, links: { pdf: {} } };
    expect((await fetchTedNoticeAwards(linkless, options(http))).unreadable).toBe(
      "no eForms XML link (links.xml.MUL) in the search result",
    );
    expect(http.asked).toEqual([]);
  });

  it("fails only on shutdown: a fetch error is a reason, an aborted signal is thrown", async () => {
    const failing = fakeHttp(() => {
      throw new Error("HTTP 503");
    });
    expect((await fetchTedNoticeAwards(RESULT, options(failing))).unreadable).toBe(
      "the eForms XML could not be fetched: HTTP 503",
    );
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchTedNoticeAwards(RESULT, { ...options(failing), signal: controller.signal }),
    ).rejects.toThrow("HTTP 503");
  });
});
