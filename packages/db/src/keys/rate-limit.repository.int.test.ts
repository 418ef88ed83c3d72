import { useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createApiKey, hashApiKey } from "./api-keys.repository.js";
import { authenticateAndCount, takeRateLimitToken } from "./rate-limit.repository.js";

const t = useTestDatabase();

async function stored(id: string) {
  const { rows } = await sql<{ request_count: number; window: number; minute: number }>`
    SELECT request_count,
           extract(epoch FROM window_started_at)::float8 AS window,
           extract(epoch FROM date_trunc('minute', clock_timestamp(), 'UTC'))::float8 AS minute
    FROM api_keys WHERE id = ${id}`.execute(t.db);
  return rows[0] as { request_count: number; window: number; minute: number };
}

// A burst counted in one window must not straddle a minute boundary.
async function awaitFreshMinute(): Promise<void> {
  const { rows } = await sql<{
    s: number;
  }>`SELECT extract(second FROM clock_timestamp())::float8 AS s`.execute(t.db);
  const second = rows[0]?.s ?? 0;
  if (second > 50) await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000 + 200));
}

describe("takeRateLimitToken", () => {
  it("counts in the current UTC minute of the database clock and refuses past the limit without counting", async () => {
    const { id } = await createApiKey(t.db, { name: "k", limitPerMinute: 2 });
    await sql`UPDATE api_keys SET window_started_at = now() - interval '10 minutes', request_count = 2 WHERE id = ${id}`.execute(
      t.db,
    );
    const first = await takeRateLimitToken(t.db, id);
    expect(first).toMatchObject({ allowed: true, requestCount: 1, limitPerMinute: 2 });
    const { window, minute } = await stored(id);
    // Straddling a minute boundary between the two reads is possible but harmless here.
    expect([minute, minute - 60]).toContain(window);
    expect(first?.windowStart).toBe(window);
    expect(window % 60).toBe(0);
    expect(first?.now).toBeGreaterThanOrEqual(window);
    expect(first?.now).toBeLessThan(window + 60);

    expect(await takeRateLimitToken(t.db, id)).toMatchObject({ allowed: true, requestCount: 2 });
    expect(await takeRateLimitToken(t.db, id)).toMatchObject({ allowed: false, requestCount: 3 });
    expect((await stored(id)).request_count).toBe(2);
  });

  it("never moves the window back", async () => {
    const { id } = await createApiKey(t.db, { name: "future", limitPerMinute: 5 });
    await sql`UPDATE api_keys SET window_started_at = date_trunc('minute', now(), 'UTC') + interval '5 minutes', request_count = 3 WHERE id = ${id}`.execute(
      t.db,
    );
    const before = await stored(id);
    expect(await takeRateLimitToken(t.db, id)).toMatchObject({
      allowed: true,
      requestCount: 4,
      windowStart: before.window,
    });
  });

  it("is exact under concurrency", async () => {
    const { id } = await createApiKey(t.db, { name: "busy", limitPerMinute: 7 });
    await awaitFreshMinute();
    const decisions = await Promise.all(Array.from({ length: 30 }, () => takeRateLimitToken(t.db, id)));
    const allowed = decisions.filter((d) => d?.allowed).map((d) => d?.requestCount);
    expect(allowed.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(decisions.filter((d) => d && !d.allowed)).toHaveLength(23);
    expect((await stored(id)).request_count).toBe(7);
  }, 60_000);

  it("says undefined for an unknown key", async () => {
    expect(await takeRateLimitToken(t.db, crypto.randomUUID())).toBeUndefined();
  });

  it("refuses without waiting for the row lock when the minute is already full", async () => {
    const { id } = await createApiKey(t.db, { name: "full", limitPerMinute: 1 });
    await awaitFreshMinute();
    expect(await takeRateLimitToken(t.db, id)).toMatchObject({ allowed: true });
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM api_keys WHERE id = ${id} FOR UPDATE`.execute(trx);
      const refused = await Promise.race([
        takeRateLimitToken(t.db, id),
        new Promise((_, reject) => setTimeout(() => reject(new Error("waited for the lock")), 10_000)),
      ]);
      expect(refused).toMatchObject({ allowed: false, requestCount: 2, limitPerMinute: 1 });
    });
  }, 30_000);
});

describe("authenticateAndCount", () => {
  it("finds the key by digest and counts only when the key is enabled", async () => {
    const { id, key } = await createApiKey(t.db, { name: "both", limitPerMinute: 2 });
    const digest = hashApiKey(key);
    await awaitFreshMinute();
    const counted = await authenticateAndCount(t.db, digest);
    expect(counted?.key).toEqual({ id, key_hash: digest, enabled: true });
    expect(counted?.decision).toMatchObject({ allowed: true, requestCount: 1, limitPerMinute: 2 });
    expect((await authenticateAndCount(t.db, digest))?.decision).toMatchObject({
      allowed: true,
      requestCount: 2,
    });
    const refused = await authenticateAndCount(t.db, digest);
    expect(refused?.decision).toMatchObject({ allowed: false, requestCount: 3 });
    expect(refused?.decision?.windowStart).toBe(counted?.decision?.windowStart);
    expect((await stored(id)).request_count).toBe(2);

    await t.db
      .updateTable("api_keys")
      .set({ enabled: false, request_count: 0 })
      .where("id", "=", id)
      .execute();
    expect(await authenticateAndCount(t.db, digest)).toEqual({
      key: { id, key_hash: digest, enabled: false },
    });
    expect((await stored(id)).request_count).toBe(0);
    expect(await authenticateAndCount(t.db, hashApiKey("tsk_unknown"))).toBeUndefined();
  });
});
