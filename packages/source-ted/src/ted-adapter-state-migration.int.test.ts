import type { PoliteHttpClient } from "@tender/ingest";
import { useMigrationSteps } from "@tender/testing";
import { sql } from "kysely";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { createTedAdapter } from "./ted-adapter.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";

// Migration 0008 replaces sources.pass_window_start (0005) by the opaque sources.adapter_state:
// the window of a TED pass interrupted before the upgrade must still be the window it resumes with.

const steps = useMigrationSteps();
const { migrateTo } = steps;

describe("migration 0008-source-adapter-state", () => {
  it("carries a stored TED window over into the state the TED adapter reads, and back on down", async () => {
    await migrateTo("0007-attachment-url-key");
    // As 0005 left them: a TED pass interrupted mid-catch-up, and an idle source.
    await sql`
      INSERT INTO sources (code, cursor, last_sync_at, pass_window_start) VALUES
        ('ted', 'page-2', '2026-07-08T09:30:00Z', '2026-06-26T00:00:00+02:00'),
        ('contracts_finder', NULL, '2026-07-08T09:30:00Z', NULL)
    `.execute(steps.db);

    await migrateTo("0008-source-adapter-state");
    const rows = await steps.db.selectFrom("sources").selectAll().orderBy("code").execute();
    expect(rows.map((r) => [r.code, r.cursor, r.adapter_state])).toEqual([
      ["contracts_finder", null, null],
      ["ted", "page-2", { windowStart: "2026-06-25T22:00:00.000Z" }],
    ]);
    expect(rows[0]).not.toHaveProperty("pass_window_start");

    // The TED adapter resumes with the old window, not one from the newer last_sync_at.
    const bodies: Array<{ query?: string }> = [];
    const http: PoliteHttpClient = {
      isAllowed: () => true,
      async requestText() {
        throw new Error("this test fetches no documents");
      },
      async requestJson(request, schema) {
        bodies.push(request.body as { query?: string });
        return v.parse(schema, { notices: [], iterationNextToken: null, timedOut: false });
      },
    };
    const ted = createTedAdapter({
      http,
      baseUrl: "https://api.ted.europa.eu",
      query: "q",
      fields: DEFAULT_TED_FIELDS,
      pageSize: 10,
    });
    const [stored] = rows.slice(1);
    await ted.fetchPage({
      cursor: stored?.cursor ?? null,
      lastSyncAt: stored?.last_sync_at ?? null,
      adapterState: stored?.adapter_state,
      signal: new AbortController().signal,
    });
    expect(bodies.map((b) => b.query)).toEqual(["(q) AND publication-date>=20260625"]);

    await migrateTo("0007-attachment-url-key");
    const back = await sql<{ code: string; pass_window_start: Date | null }>`
      SELECT code, pass_window_start FROM sources ORDER BY code`.execute(steps.db);
    expect(back.rows).toEqual([
      { code: "contracts_finder", pass_window_start: null },
      { code: "ted", pass_window_start: new Date("2026-06-25T22:00:00.000Z") },
    ]);
    await migrateTo("0008-source-adapter-state");
  });

  it("refuses a state too large to be a pass's bookkeeping", async () => {
    await expect(
      sql`UPDATE sources SET adapter_state = ${JSON.stringify({ x: "y".repeat(20_000) })}::jsonb`.execute(
        steps.db,
      ),
    ).rejects.toThrow(/sources_adapter_state_size/);
  });
});
