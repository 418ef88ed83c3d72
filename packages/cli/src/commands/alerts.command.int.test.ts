import { randomUUID } from "node:crypto";
import { recordTenderMatches } from "@tender/db";
import { seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { runCaptured, runWithoutDatabase } from "../run-captured.js";

const t = useTestDatabase();
const HOOK = "https://hooks.example.org/in?token=receiver-own-secret";
const SECRET_KEY = Buffer.alloc(32, 7);
const env = () => ({ DATABASE_URL: t.url });

interface Delivery {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  due_now: boolean;
  created_now: boolean;
  saved_search_name: string;
}

/**
 * Three saved searches with webhooks match one tender (as the notifier records matches), then
 * their deliveries are set as the notifier leaves them: `gone` failed 3 days ago, `broken` failed
 * an hour ago, `waiting` pending a retry.
 */
async function seedDeliveries(): Promise<Record<string, string>> {
  await sql`TRUNCATE saved_searches, api_keys CASCADE`.execute(t.db);
  const tender = await seedTender(t.db, {
    title: "Road\nmaintenance in Tartu",
    chunks: ["Asphalt road repair in Tartu."],
  });
  for (const name of ["gone", "broken", "waiting"]) {
    await seedSavedSearch(t.db, {
      name,
      query: "Asphalt road repair in Tartu.",
      webhookUrl: HOOK,
      webhookSecret: "whsec_test",
      secretKey: SECRET_KEY,
    });
  }
  const recorded = await recordTenderMatches(t.db, {
    tenderId: tender.id,
    contentHash: tender.contentHash,
    now: new Date(),
  });
  expect(recorded).toEqual({ matches: 3, followUps: 0, deliveries: 3 });
  await sql`
    UPDATE saved_search_matches AS m SET
      matched_at = now() - CASE ss.name WHEN 'gone' THEN interval '3 days' WHEN 'broken' THEN interval '1 hour' ELSE interval '5 minutes' END
    FROM saved_searches AS ss WHERE ss.id = m.saved_search_id`.execute(t.db);
  await sql`
    UPDATE webhook_deliveries AS d SET
      status = CASE ss.name WHEN 'waiting' THEN 'pending' ELSE 'failed' END,
      attempts = CASE ss.name WHEN 'waiting' THEN 2 ELSE 11 END,
      last_error = CASE ss.name WHEN 'gone' THEN 'HTTP 410' WHEN 'broken' THEN 'timed out after 10 s' ELSE 'HTTP 503' END,
      created_at = now() - interval '2 days',
      next_attempt_at = now() + interval '4 minutes'
    FROM saved_search_matches AS m JOIN saved_searches AS ss ON ss.id = m.saved_search_id
    WHERE m.id = d.match_id`.execute(t.db);
  return Object.fromEntries((await deliveries()).map((d) => [d.saved_search_name, d.id]));
}

async function deliveries(): Promise<Delivery[]> {
  const { rows } = await sql<Delivery>`
    SELECT d.id, d.status, d.attempts, d.last_error, d.next_attempt_at <= now() AS due_now,
           d.created_at > now() - interval '1 minute' AS created_now, ss.name AS saved_search_name
    FROM webhook_deliveries AS d
    JOIN saved_search_matches AS m ON m.id = d.match_id
    JOIN saved_searches AS ss ON ss.id = m.saved_search_id
    ORDER BY ss.name`.execute(t.db);
  return rows;
}

let ids: Record<string, string>;
beforeEach(async () => {
  ids = await seedDeliveries();
});

describe("tender alerts list", () => {
  it("shows failed deliveries oldest first, with saved search, tender, attempts, age and last error, never the URL", async () => {
    const { code, stdout, stderr } = await runCaptured(["alerts", "list"], env());
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("2 failed webhook deliveries:");
    expect(lines[1]).toMatch(/^ID\s+SAVED SEARCH\s+KEY\s+TENDER\s+ATTEMPTS\s+AGE\s+LAST ERROR$/);
    expect(lines[2]).toMatch(
      new RegExp(`^${ids.gone}\\s+gone\\s+gone\\s+Road maintenance in Tartu\\s+11\\s+3d\\s+HTTP 410$`),
    );
    expect(lines[3]).toMatch(
      new RegExp(`^${ids.broken}\\s+broken\\s+.*\\s+11\\s+1h\\s+timed out after 10 s$`),
    );
    expect(stdout).not.toContain(ids.waiting);
    expect(stdout).toContain("Retry once the receiver is fixed: tender alerts retry ID (or --all)");
    expect(stdout).not.toContain("hooks.example.org");
    expect(stdout).not.toContain("receiver-own-secret");
  });

  it("--pending adds the deliveries waiting for a retry; --limit says how many there are in all", async () => {
    const { code, stdout } = await runCaptured(["alerts", "list", "--pending", "--limit", "2"], env());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^3 failed or pending webhook deliveries; the oldest 2:\nSTATUS\s+ID/);
    expect(stdout).toMatch(new RegExp(`failed\\s+${ids.gone}`));
    expect(stdout).not.toContain(ids.waiting);
    const all = await runCaptured(["alerts", "list", "--pending", "--json"], env());
    const listed = JSON.parse(all.stdout) as Record<string, unknown>[];
    expect(listed.map((d) => [d.id, d.status, d.attempts, d.last_error])).toEqual([
      [ids.gone, "failed", 11, "HTTP 410"],
      [ids.broken, "failed", 11, "timed out after 10 s"],
      [ids.waiting, "pending", 2, "HTTP 503"],
    ]);
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(
      [
        "age_seconds",
        "alert_id",
        "api_key_name",
        "attempts",
        "id",
        "last_error",
        "matched_at",
        "next_attempt_at",
        "saved_search_id",
        "saved_search_name",
        "status",
        "tender_id",
        "tender_title",
      ].sort(),
    );
    expect(listed[0]?.age_seconds).toBeGreaterThanOrEqual(3 * 86_400);
    expect(all.stdout).not.toContain("hooks.example.org");
  });

  it("says when nothing failed", async () => {
    await sql`DELETE FROM webhook_deliveries WHERE status = 'failed'`.execute(t.db);
    expect((await runCaptured(["alerts", "list"], env())).stdout).toBe("no failed webhook deliveries\n");
    expect((await runCaptured(["alerts", "list", "--json"], env())).stdout).toBe("[]\n");
  });
});

describe("tender alerts retry", () => {
  it("puts one failed delivery back to pending, due now, attempts and error cleared; the others stay", async () => {
    const { code, stdout } = await runCaptured(["alerts", "retry", ids.broken ?? "", "--json"], env());
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ retried: [ids.broken] });
    const byName = Object.fromEntries((await deliveries()).map((d) => [d.saved_search_name, d]));
    // A new created_at gives it the notifier's whole retry window again.
    expect(byName.broken).toMatchObject({
      status: "pending",
      attempts: 0,
      last_error: null,
      due_now: true,
      created_now: true,
    });
    expect(byName.gone).toMatchObject({
      status: "failed",
      attempts: 11,
      last_error: "HTTP 410",
      created_now: false,
    });
    expect(byName.waiting).toMatchObject({ status: "pending", attempts: 2, due_now: false });
  });

  it("--all retries every failed delivery and leaves pending ones alone", async () => {
    const { code, stdout } = await runCaptured(["alerts", "retry", "--all"], env());
    expect(code).toBe(0);
    expect(stdout).toBe("2 failed delivery(ies) put back to pending; the notifier sends them now\n");
    const states = (await deliveries()).map((d) => [d.saved_search_name, d.status, d.attempts, d.due_now]);
    expect(states).toEqual([
      ["broken", "pending", 0, true],
      ["gone", "pending", 0, true],
      ["waiting", "pending", 2, false],
    ]);
    expect((await runCaptured(["alerts", "retry", "--all"], env())).stdout).toBe(
      "no failed webhook deliveries; nothing to retry\n",
    );
  });

  it("names the ids it could not retry (unknown, or not failed) and exits 1, retrying the rest", async () => {
    const unknown = randomUUID();
    const { code, stdout, stderr } = await runCaptured(
      ["alerts", "retry", ids.gone ?? "", unknown, ids.waiting ?? ""],
      env(),
    );
    expect(code).toBe(1);
    expect(stdout).toBe("1 failed delivery(ies) put back to pending; the notifier sends them now\n");
    expect(stderr).toBe(
      `error: not retried (no failed delivery has this id; see \`tender alerts list\`): ${unknown}, ${ids.waiting}\n`,
    );
    expect((await deliveries()).find((d) => d.id === ids.gone)?.status).toBe("pending");
  });

  it.each([
    [[], "error: say which deliveries to retry: ids from `tender alerts list`, or --all\n"],
    [[randomUUID(), "--all"], "error: give either delivery ids or --all, not both\n"],
    [["12"], 'error: "12" is not a delivery id: expected a uuid, as shown by `tender alerts list`\n'],
  ])("refuses %j before opening the database", async (args, message) => {
    const { code, stderr } = await runWithoutDatabase(["alerts", "retry", ...args], env());
    expect(code).toBe(1);
    expect(stderr).toBe(message);
  });
});

describe("tender alerts purge", () => {
  it("without --yes says how many it would delete and deletes nothing", async () => {
    const { code, stderr } = await runCaptured(["alerts", "purge"], env());
    expect(code).toBe(1);
    expect(stderr).toBe(
      "error: this deletes 2 failed webhook delivery(ies) for good; run again with --yes (see them first: tender alerts list)\n",
    );
    expect(await deliveries()).toHaveLength(3);
  });

  it("--older-than deletes only failed deliveries made before then; the matches stay", async () => {
    const { code, stdout } = await runCaptured(["alerts", "purge", "--older-than", "2d", "--yes"], env());
    expect(code).toBe(0);
    expect(stdout).toBe("purged 1 failed webhook delivery(ies) older than 2d\n");
    expect((await deliveries()).map((d) => d.saved_search_name)).toEqual(["broken", "waiting"]);
    const matches = await t.db.selectFrom("saved_search_matches").select("id").execute();
    expect(matches).toHaveLength(3);
    const rest = await runCaptured(["alerts", "purge", "--yes", "--json"], env());
    expect(JSON.parse(rest.stdout)).toEqual({ purged: 1 });
    expect((await deliveries()).map((d) => d.status)).toEqual(["pending"]);
    expect((await runCaptured(["alerts", "purge"], env())).stdout).toBe(
      "no failed webhook deliveries; nothing to purge\n",
    );
  });

  it("refuses an age it cannot read, before opening the database", async () => {
    const { code, stderr } = await runWithoutDatabase(["alerts", "purge", "--older-than", "a week"], env());
    expect(code).toBe(1);
    expect(stderr).toBe('error: --older-than must be an age such as 90s, 15m, 6h or 7d, got "a week"\n');
  });
});
