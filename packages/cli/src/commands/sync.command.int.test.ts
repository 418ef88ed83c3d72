import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { ensureSource, saveSourceCursor } from "@tender/db";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { CF_FIXTURES, cfFixturePath } from "@tender/source-contracts-finder/testing";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { sourceChoice } from "@tender/sources";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../build-program.js";
import { runCaptured } from "../run-captured.js";

const fixture = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const tedPage = fixture(tedFixturePath(TED_FIXTURES.digitalCompetitionPage));
const cfPage = fixture(cfFixturePath(CF_FIXTURES.searchTenderPage));
const { links: _links, ...ftsPage } = fixture(ftsFixturePath(FTS_FIXTURES.lifecyclePage));

let t: TestDatabase;
let server: ReplayServer;

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startReplayServer((req) => {
    if (req.url.pathname === "/v3/notices/search") return { body: tedPage };
    // A TED that refuses every iteration token, its own included.
    if (req.url.pathname === "/refusing/v3/notices/search") {
      if (req.body.includes("iterationNextToken")) return { status: 404, body: {} };
      return { body: { ...tedPage, iterationNextToken: "next-page" } };
    }
    if (req.url.pathname === "/Published/Notices/OCDS/Search") return { body: cfPage };
    if (req.url.pathname === "/api/1.0/ocdsReleasePackages") return { body: ftsPage };
    return { status: 404, body: {} };
  });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const env = (more: Record<string, string> = {}) => ({
  DATABASE_URL: t.url,
  BUS_PREFIX: "tclisync",
  TED_BASE_URL: server.baseUrl,
  CF_BASE_URL: server.baseUrl,
  CF_PUBLISHED_FROM: "2026-08-01T00:00:00",
  FTS_BASE_URL: server.baseUrl,
  FTS_UPDATED_FROM: "2026-09-03T00:00:00",
  ...more,
});

describe("tender sync", () => {
  it("runs one TED pass and reports the counts", async () => {
    const first = await runCaptured(["sync", "--source", "ted", "--once"], env());
    expect(first).toEqual({
      code: 0,
      stdout: "ted: 1 page — 10 new, 0 changed, 0 unchanged, 0 quarantined; 10 events queued (end of data)\n",
      stderr: "",
    });
    const second = await runCaptured(["sync", "--source", "ted", "--once", "--json"], env());
    expect(JSON.parse(second.stdout)).toEqual({
      source: "ted",
      pages: 1,
      new: 0,
      changed: 0,
      unchanged: 10,
      quarantined: 0,
      events: 0,
      attachments: { added: 0, requeued: 0, skipped: 0 },
      stop: "end",
    });
  });

  it("runs one Contracts Finder pass from CF_PUBLISHED_FROM", async () => {
    const { code, stdout } = await runCaptured(
      ["sync", "--source", "contracts_finder", "--once", "--json"],
      env(),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      source: "contracts_finder",
      new: 2,
      events: 2,
      attachments: { added: 2 },
    });
    const request = server.requests.find((r) => r.url.pathname.startsWith("/Published"));
    expect(request?.url.searchParams.get("publishedFrom")).toBe("2026-08-01T00:00:00");
  });

  it("runs one Find a Tender pass from FTS_UPDATED_FROM", async () => {
    const { code, stdout } = await runCaptured(
      ["sync", "--source", "find_a_tender", "--once", "--json"],
      env(),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      source: "find_a_tender",
      new: 5,
      quarantined: 0,
      stop: "end",
    });
    const request = server.requests.find((r) => r.url.pathname === "/api/1.0/ocdsReleasePackages");
    expect(request?.url.searchParams.get("updatedFrom")).toBe("2026-09-03T00:00:00");
  });

  it("explains what is missing or refused", async () => {
    const unknown = await runCaptured(["sync", "--source", "nowhere", "--once"], env());
    // Every registered code, as the registry lists them (`ted, contracts_finder or ...`).
    expect(unknown.stderr).toBe(`error: --source must be ${sourceChoice()}, got "nowhere"\n`);
    expect(unknown.stderr).toMatch(/^error: --source must be ted, contracts_finder/);
    const refused = await runCaptured(
      ["sync", "--source", "ted", "--once"],
      env({ TED_BASE_URL: "http://127.0.0.1:9/", SYNC_ALLOWED_HOSTS: "api.ted.europa.eu" }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "error: sync of ted stopped: Request to http://127.0.0.1:9/v3/notices/search refused: host 127.0.0.1:9 is not on the allowlist\n",
    );
    const gone = await runCaptured(
      ["sync", "--source", "ted", "--once"],
      env({ TED_BASE_URL: `${server.baseUrl}/moved` }),
    );
    expect(gone.stderr).toBe(
      `error: sync of ted stopped: HTTP 404 from ${server.baseUrl}/moved/v3/notices/search\n`,
    );
    // A refused stored token restarts the pass once; a token refused again stops it.
    const source = await ensureSource(t.db, "ted");
    await saveSourceCursor(t.db, source.id, "token-of-last-week", new Date());
    const refusing = await runCaptured(
      ["sync", "--source", "ted", "--once"],
      env({ TED_BASE_URL: `${server.baseUrl}/refusing` }),
    );
    expect(refusing).toMatchObject({
      code: 1,
      stderr:
        "warning: Stored cursor refused; starting the pass afresh\n" +
        `error: sync of ted stopped: HTTP 404 from ${server.baseUrl}/refusing/v3/notices/search\n`,
    });
    const badEnv = await runCaptured(["sync", "--source", "ted", "--once"], env({ TED_PAGE_SIZE: "1000" }));
    expect(badEnv.code).toBe(1);
    expect(badEnv.stderr).toContain("TED_PAGE_SIZE");
  });

  it("without --once runs a pass every SYNC_INTERVAL_MS until SIGINT, like the service", async () => {
    const signals = new EventEmitter();
    const lines: string[] = [];
    let stderr = "";
    const before = server.requests.length;
    const code = await runCli(["sync", "--source", "contracts_finder", "--json"], {
      stdout: {
        write: (text: string) => {
          lines.push(text);
          if (lines.length === 2) signals.emit("SIGINT");
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      env: env({ SYNC_INTERVAL_MS: "100" }),
      signals,
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    // Two whole passes, then it stopped: no third pass was started.
    expect(lines.map((line) => JSON.parse(line) as { source: string; stop: string })).toEqual([
      expect.objectContaining({ source: "contracts_finder", stop: "end" }),
      expect.objectContaining({ source: "contracts_finder", stop: "end" }),
    ]);
    expect(server.requests.length - before).toBe(2);
  });

  it("without --once reports a failed pass and tries again at the next interval until SIGTERM", async () => {
    const signals = new EventEmitter();
    const errors: string[] = [];
    const code = await runCli(["sync", "--source", "contracts_finder"], {
      stdout: { write: () => {} },
      stderr: {
        write: (text: string) => {
          errors.push(text);
          if (errors.length === 2) signals.emit("SIGTERM");
        },
      },
      env: env({ SYNC_INTERVAL_MS: "100", CF_BASE_URL: `${server.baseUrl}/moved` }),
      signals,
    });
    expect(code).toBe(0);
    const failure = `error: Sync pass failed; retrying at the next interval: HTTP 404 from ${server.baseUrl}/moved/Published/Notices/OCDS/Search\n`;
    expect(errors).toEqual([failure, failure]);
  });

  it("checks SYNC_INTERVAL_MS before it starts", async () => {
    const bad = await runCaptured(["sync", "--source", "ted"], env({ SYNC_INTERVAL_MS: "soon" }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("SYNC_INTERVAL_MS");
  });
});
