import { backoffDelayMs } from "@tender/backoff";
import { useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backoffDelayMsSql } from "./backoff-delay-ms-sql.js";

const t = useTestDatabase();
async function delaysInSql(firstMs: number, maxMs: number, failures: number[]): Promise<number[]> {
  const delay = backoffDelayMsSql(sql.ref("f"), { firstMs, maxMs });
  const { rows } = await sql<{ ms: number }>`
    SELECT ${delay} AS ms FROM unnest(${failures}::int[]) WITH ORDINALITY AS u(f, n) ORDER BY n`.execute(
    t.db,
  );
  return rows.map((r) => Number(r.ms));
}

describe("backoffDelayMsSql", () => {
  const failures = [-3, 0, 1, 2, 3, 4, 5, 6, 30, 61, 1_000, 2_000_000_000];

  it("computes the same delays as backoffDelayMs, for any failure count", async () => {
    for (const [firstMs, maxMs] of [
      [3_600_000, 86_400_000],
      [100, 1_000],
      [500, 100],
    ] as const) {
      const expected = failures.map((n) => backoffDelayMs(n, { initialMs: firstMs, maxMs }));
      expect(await delaysInSql(firstMs, maxMs, failures)).toEqual(expected);
    }
  });

  it("waits an hour after the first failure, then 2, 4 and 8 hours, at most a day", async () => {
    expect(await delaysInSql(3_600_000, 86_400_000, [1, 2, 3, 4, 5, 6])).toEqual(
      [1, 2, 4, 8, 16, 24].map((h) => h * 3_600_000),
    );
  });
});
