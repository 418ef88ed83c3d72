import { readFileSync } from "node:fs";
import { contentHash } from "@tender/contracts";
import { loadContentHashInput, migrations } from "@tender/db";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { CF_FIXTURES, cfFixturePath } from "@tender/source-contracts-finder/testing";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

// A database of the old OCDS identity (one tender per ocid: its latest release) upgraded by
// migration 0024, mapped by `tender remap` and synced again ends as a fresh sync does.

const lifecycle = JSON.parse(readFileSync(cfFixturePath(CF_FIXTURES.fictionalLifecycle), "utf8"));
const OCID = "ocds-213czf-000-00001";
const LATEST = `${OCID}-06-implementation`;

let t: TestDatabase;
let server: ReplayServer;
const env = () => ({ DATABASE_URL: t.url, BUS_PREFIX: "tcliremapocds", CF_BASE_URL: server.baseUrl });

/** Every notice with its place in its procedure, as the card and the timeline show them. */
const notices = async () =>
  (
    await sql<Record<string, unknown>>`
      SELECT t.external_id, t.kind, p.procedure_key, next.external_id AS superseded_by, t.changes, t.content_hash
      FROM tenders t LEFT JOIN procedures p ON p.id = t.procedure_id
      LEFT JOIN tenders next ON next.id = t.superseded_by
      ORDER BY t.external_id`.execute(t.db)
  ).rows;
const outboxCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM outbox`.execute(t.db)).rows[0]?.n);

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startReplayServer(() => ({ body: lifecycle }));
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

describe("tender remap after migration 0024", () => {
  it("places the renamed release in its procedure, and the next sync adds the others without announcing it again", async () => {
    const sync = () => runCaptured(["sync", "--source", "contracts_finder", "--once"], env());
    expect((await sync()).code).toBe(0);
    const fresh = await notices();
    expect(fresh).toHaveLength(6);

    // What the old code left: the latest release only, under its ocid, hashed so, in no procedure.
    await sql`DELETE FROM tenders WHERE external_id <> ${LATEST}`.execute(t.db);
    await sql`DELETE FROM procedures`.execute(t.db);
    await sql`UPDATE tenders SET external_id = ${OCID}, kind = 'competition', supersedes_external_id = NULL,
                                 superseded_by = NULL, changes = NULL`.execute(t.db);
    const { id } = await t.db.selectFrom("tenders").select("id").executeTakeFirstOrThrow();
    const input = await loadContentHashInput(t.db, id);
    if (!input) throw new Error("no tender");
    await sql`UPDATE tenders SET content_hash = ${contentHash(input)}`.execute(t.db);
    await sql`UPDATE sources SET cursor = NULL`.execute(t.db);

    await migrations["0024-ocds-release-ids"]?.up(t.db);
    const remap = await runCaptured(["remap", "--source", "contracts_finder"], env());
    expect(remap.stdout.trim().split("\n").at(-1)).toBe(
      "remapped contracts_finder: 1 tenders read, 1 changed",
    );
    expect(await notices()).toEqual(fresh.filter((n) => n.external_id === LATEST));

    const events = await outboxCount();
    expect((await sync()).code).toBe(0);
    expect(await notices()).toEqual(fresh);
    expect(await outboxCount()).toBe(events + 5);
  });
});
