import { busNames } from "@tender/bus";
import { findTenderById } from "@tender/db";
import { createTestDatabase, type TestDatabase, uniqueBusToken } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

let t: TestDatabase;
let env: { DATABASE_URL: string; BUS_PREFIX: string };
let serial = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  env = { DATABASE_URL: t.url, BUS_PREFIX: `r${uniqueBusToken()}` };
});
afterAll(async () => t.destroy());
beforeEach(async () => {
  await t.db.deleteFrom("outbox").execute();
  await t.db.deleteFrom("tenders").execute();
});

async function tender(status: "pending" | "ready" | "failed"): Promise<string> {
  const source = await t.db
    .insertInto("sources")
    .values({ code: "ted" })
    .onConflict((oc) => oc.column("code").doUpdateSet({ code: "ted" }))
    .returning("id")
    .executeTakeFirstOrThrow();
  serial += 1;
  const hash = serial.toString(16).padStart(64, "0");
  const row = await t.db
    .insertInto("tenders")
    .values({
      source_id: source.id,
      external_id: `X-${serial}`,
      title: "Snow clearing",
      description: null,
      buyer_name: "Town",
      amount: null,
      currency: null,
      published_at: "2025-01-01T00:00:00Z",
      deadline: null,
      source_url: "https://example.org/n",
      content_hash: hash,
      indexed_hash: status === "ready" ? hash : null,
      index_status: status,
      raw_payload: "{}",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`UPDATE tenders SET index_attempts = 3, next_index_at = now() + interval '1 hour' WHERE id = ${row.id}`.execute(
    t.db,
  );
  return row.id;
}

async function events(): Promise<{ subject: string; tender_id: string; content_hash: string }[]> {
  const rows = await t.db.selectFrom("outbox").select(["subject", "payload"]).orderBy("id").execute();
  return rows.map((r) => ({
    subject: r.subject,
    tender_id: r.payload.tender_id as string,
    content_hash: r.payload.content_hash as string,
  }));
}

describe("tender reindex", () => {
  it("--tender ID writes one event with the tender's hash, and lets a ready tender be rebuilt", async () => {
    const id = await tender("ready");
    const before = await findTenderById(t.db, id);
    const { code, stdout, stderr } = await runCaptured(["reindex", "--tender", id.toUpperCase()], env);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toBe("enqueued 1 reindex event (ready 1)\n");
    expect(await events()).toEqual([
      { subject: busNames(env.BUS_PREFIX).subject, tender_id: id, content_hash: before?.content_hash },
    ]);
    // Still ready and searchable; no longer "same hash seen again", so the event rebuilds it.
    expect(await findTenderById(t.db, id)).toMatchObject({
      index_status: "ready",
      indexed_hash: null,
      index_attempts: 0,
      next_index_at: null,
    });
  });

  it("--failed selects failed tenders only; --all every tender; --json prints the counts", async () => {
    const failed = [await tender("failed"), await tender("failed")];
    await tender("ready");
    await tender("pending");
    const onlyFailed = await runCaptured(["reindex", "--failed", "--json"], env);
    expect(onlyFailed.code).toBe(0);
    expect(JSON.parse(onlyFailed.stdout)).toEqual({
      enqueued: 2,
      by_status: { pending: 0, processing: 0, ready: 0, failed: 2 },
    });
    expect((await events()).map((e) => e.tender_id).sort()).toEqual([...failed].sort());

    const all = await runCaptured(["reindex", "--all", "--json"], env);
    expect(JSON.parse(all.stdout)).toEqual({
      enqueued: 4,
      by_status: { pending: 1, processing: 0, ready: 1, failed: 2 },
    });
    expect(await events()).toHaveLength(6);
  });

  it("refuses a missing or ambiguous selection and an unknown tender, writing nothing", async () => {
    await tender("failed");
    for (const args of [["reindex"], ["reindex", "--failed", "--all"], ["reindex", "--tender", "nope"]]) {
      const run = await runCaptured(args, env);
      expect([run.code, run.stdout]).toEqual([1, ""]);
      expect(run.stderr).toMatch(
        /^error: (choose exactly one of --tender ID, --failed or --all|"nope" is not a tender id)/,
      );
    }
    const unknown = await runCaptured(["reindex", "--tender", "00000000-0000-4000-8000-000000000000"], env);
    expect(unknown).toEqual({
      code: 1,
      stdout: "",
      stderr: "error: no tender with id 00000000-0000-4000-8000-000000000000\n",
    });
    expect(await events()).toEqual([]);
  });
});
