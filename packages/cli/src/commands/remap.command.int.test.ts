import { readFileSync } from "node:fs";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { sourceChoice } from "@tender/sources";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const tedPage = JSON.parse(
  readFileSync(tedFixturePath(TED_FIXTURES.digitalCompetitionPage), "utf8"),
) as Record<string, unknown>;

let t: TestDatabase;
let server: ReplayServer;
const env = () => ({ DATABASE_URL: t.url, BUS_PREFIX: "tcliremap", TED_BASE_URL: server.baseUrl });

interface Row {
  external_id: string;
  countries: string[];
  cpv_codes: string[];
  content_hash: string;
  updated_at: Date;
  index_status: string;
}
const rows = async () =>
  (
    await sql<Row>`
      SELECT external_id, countries, cpv_codes, content_hash, updated_at, index_status
      FROM tenders ORDER BY external_id`.execute(t.db)
  ).rows;
const outboxCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM outbox`.execute(t.db)).rows[0]?.n);

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startReplayServer(() => ({ body: tedPage }));
  expect((await runCaptured(["sync", "--source", "ted", "--once"], env())).code).toBe(0);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

describe("tender remap", () => {
  it("a sync stores the facets the mapper derives", async () => {
    const stored = await rows();
    expect(stored).toHaveLength(10);
    expect(stored.find((r) => r.external_id === "368708-2026")).toMatchObject({
      countries: ["DE"],
      cpv_codes: ["72260000", "72263000", "72268000"],
    });
  });

  it("recomputes facets lost by an upgrade, in batches with progress, changing nothing else", async () => {
    const synced = await rows();
    await sql`UPDATE tenders SET countries = '{}', cpv_codes = '{}'`.execute(t.db);
    const events = await outboxCount();

    const run = await runCaptured(["remap", "--source", "ted", "--batch", "3"], env());
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.slice(0, 4).map((line) => line.replace(/\(last id [0-9a-f-]{36}\)/, "(last id …)"))).toEqual(
      [
        "ted: 3 tenders read, 3 changed (last id …)",
        "ted: 6 tenders read, 6 changed (last id …)",
        "ted: 9 tenders read, 9 changed (last id …)",
        "ted: 10 tenders read, 10 changed (last id …)",
      ],
    );
    expect(lines[4]).toBe("remapped ted: 10 tenders read, 10 changed");
    expect(await rows()).toEqual(synced);
    expect(await outboxCount()).toBe(events);

    const again = await runCaptured(["remap", "--source", "ted"], env());
    expect(again.stdout.trim().split("\n").at(-1)).toBe("remapped ted: 10 tenders read, 0 changed");
  });

  it("maps the procedure and kind of tenders stored before procedures existed", async () => {
    const kinds = async () =>
      (
        await sql<{ external_id: string; kind: string; key: string | null }>`
          SELECT t.external_id, t.kind, p.procedure_key AS key
          FROM tenders t LEFT JOIN procedures p ON p.id = t.procedure_id ORDER BY t.external_id`.execute(t.db)
      ).rows;
    const synced = await kinds();
    // Written by hand from the page: can-standard notices are results, the others calls for
    // competition; no notice names a procedure-identifier, so each is a procedure of its own.
    expect(synced.filter((r) => r.kind === "result").map((r) => r.external_id)).toEqual([
      "368708-2026",
      "368900-2026",
      "368912-2026",
      "369074-2026",
      "369161-2026",
    ]);
    expect(synced.every((r) => r.key === r.external_id)).toBe(true);
    // As after the upgrade's migration: no procedure, every notice a call for competition.
    await sql`UPDATE tenders SET procedure_id = NULL, kind = 'competition'`.execute(t.db);
    await sql`DELETE FROM procedures`.execute(t.db);

    const run = await runCaptured(["remap", "--source", "ted", "--batch", "4"], env());
    expect(run.stdout.trim().split("\n").at(-1)).toBe("remapped ted: 10 tenders read, 10 changed");
    expect(await kinds()).toEqual(synced);
  });

  it("resumes after the id an interrupted run printed", async () => {
    const ids = (await sql<{ id: string }>`SELECT id FROM tenders ORDER BY id`.execute(t.db)).rows;
    await sql`UPDATE tenders SET countries = '{}'`.execute(t.db);
    const run = await runCaptured(["remap", "--source", "ted", "--after", ids[6]?.id as string], env());
    expect(run.stdout.trim().split("\n").at(-1)).toBe("remapped ted: 3 tenders read, 3 changed");
    const empty = await sql<{ n: string }>`SELECT count(*) AS n FROM tenders WHERE countries = '{}'`.execute(
      t.db,
    );
    expect(Number(empty.rows[0]?.n)).toBe(7);
  });

  it("refuses an unknown source, a bad batch size or a bad id", async () => {
    for (const [args, message] of [
      [["--source", "tedx"], `--source must be ${sourceChoice()}, got "tedx"`],
      [["--source", "ted", "--batch", "0"], '--batch must be a whole number from 1 to 10000, got "0"'],
      [["--source", "ted", "--after", "x"], '--after must be a tender id (uuid), got "x"'],
    ] as const) {
      const run = await runCaptured(["remap", ...args], env());
      expect(run).toEqual({ code: 1, stdout: "", stderr: `error: ${message}\n` });
    }
  });
});
