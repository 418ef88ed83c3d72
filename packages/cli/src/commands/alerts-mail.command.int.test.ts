import { insertEmailChannel } from "@tender/db";
import { seedSavedSearch, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { runCaptured } from "../run-captured.js";

const t = useTestDatabase();
const env = () => ({ DATABASE_URL: t.url });

/**
 * Two saved searches with an email: `refused` stopped after three 5xx answers (its digest
 * failed 3 days ago), `waiting` with a digest pending a retry.
 */
async function seedMails(): Promise<Record<string, string>> {
  await sql`TRUNCATE saved_searches, api_keys CASCADE`.execute(t.db);
  for (const name of ["refused", "waiting"]) {
    const saved = await seedSavedSearch(t.db, { name });
    await t.db.transaction().execute((trx) =>
      insertEmailChannel(
        trx,
        {
          savedSearchId: saved.id,
          apiKeyId: saved.apiKeyId,
          address: `${name}@example.org`,
          frequency: "instant",
          hourUtc: null,
          weekday: null,
        },
        { perKeyPerHour: 10, perAddressPerHour: 10 },
      ),
    );
  }
  await sql`
    UPDATE email_channels AS ch SET
      status = CASE ss.name WHEN 'refused' THEN 'stopped' ELSE 'confirmed' END,
      stopped_reason = CASE ss.name WHEN 'refused' THEN 'The mail server refused this address 3 times: 550 No such user' END,
      permanent_failures = CASE ss.name WHEN 'refused' THEN 3 ELSE 0 END,
      confirmed_at = now() - interval '4 days', digested_through = now() - interval '4 days'
    FROM saved_searches AS ss WHERE ss.id = ch.saved_search_id`.execute(t.db);
  await sql`
    UPDATE email_messages AS e SET
      kind = 'digest', since = now() - interval '4 days', through = now() - interval '3 days',
      status = CASE ss.name WHEN 'refused' THEN 'failed' ELSE 'pending' END,
      attempts = CASE ss.name WHEN 'refused' THEN 3 ELSE 1 END,
      last_error = CASE ss.name WHEN 'refused' THEN '550 No such user' ELSE '451 Try later' END,
      -- Queued a minute apart: the list is oldest first, and equal times would fall back to random ids.
      created_at = now() - CASE ss.name WHEN 'refused' THEN interval '3 days 1 minute' ELSE interval '3 days' END,
      next_attempt_at = now() + interval '5 minutes'
    FROM saved_searches AS ss WHERE ss.id = e.channel_id`.execute(t.db);
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT e.id, ss.name FROM email_messages AS e JOIN saved_searches AS ss ON ss.id = e.channel_id`.execute(
    t.db,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

let ids: Record<string, string>;
beforeEach(async () => {
  ids = await seedMails();
});

describe("tender alerts mail", () => {
  it("lists failed mails with the address and the server's answer; --pending adds the waiting ones", async () => {
    const { code, stdout } = await runCaptured(["alerts", "mail", "list"], env());
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("1 failed mails:");
    expect(lines[2]).toMatch(
      new RegExp(
        `^${ids.refused}\\s+digest\\s+refused\\s+refused\\s+refused@example.org\\s+3\\s+3d\\s+550 No such user$`,
      ),
    );
    expect(stdout).not.toContain(ids.waiting);
    const all = JSON.parse(
      (await runCaptured(["alerts", "mail", "list", "--pending", "--json"], env())).stdout,
    );
    expect(all.map((m: { id: string; status: string }) => [m.id, m.status])).toEqual([
      [ids.refused, "failed"],
      [ids.waiting, "pending"],
    ]);
  });

  it("retry puts a failed mail back and resumes its stopped email", async () => {
    const { code, stdout } = await runCaptured(["alerts", "mail", "retry", ids.refused as string], env());
    expect(code).toBe(0);
    expect(stdout).toContain("1 failed mail(s) put back to pending");
    const { rows } = await sql<{ status: string; attempts: number; channel: string; reason: string | null }>`
      SELECT e.status, e.attempts, ch.status AS channel, ch.stopped_reason AS reason
      FROM email_messages AS e JOIN email_channels AS ch ON ch.saved_search_id = e.channel_id
      WHERE e.id = ${ids.refused}`.execute(t.db);
    expect(rows[0]).toEqual({ status: "pending", attempts: 0, channel: "confirmed", reason: null });
    const again = await runCaptured(["alerts", "mail", "retry", ids.waiting as string], env());
    expect(again.code).not.toBe(0);
  });

  it("purge deletes failed mails only with --yes", async () => {
    const dry = await runCaptured(["alerts", "mail", "purge"], env());
    expect(dry.code).not.toBe(0);
    expect(dry.stderr).toContain("this deletes 1 failed mail(s) for good; run again with --yes");
    const done = await runCaptured(["alerts", "mail", "purge", "--older-than", "2d", "--yes"], env());
    expect(done.stdout).toContain("purged 1 failed mail(s) older than 2d");
    const left = await t.db.selectFrom("email_messages").select("id").execute();
    expect(left.map((m) => m.id)).toEqual([ids.waiting]);
  });
});
