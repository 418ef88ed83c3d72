import type { Db } from "@tender/db";
import { sql } from "kysely";

/**
 * Waits, when the database clock is in the last `marginSeconds` of its UTC minute, until the
 * next minute starts: a test that counts requests in one window must not straddle two.
 */
export async function awaitFreshMinute(db: Db, marginSeconds = 15): Promise<void> {
  const { rows } = await sql<{ second: number }>`
    SELECT extract(second FROM clock_timestamp() AT TIME ZONE 'UTC')::float8 AS second`.execute(db);
  const second = rows[0]?.second ?? 0;
  if (second < 60 - marginSeconds) return;
  await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000 + 200));
}

/** Unix time (seconds) at which the database clock's next UTC minute starts. */
export async function nextMinuteStart(db: Db): Promise<number> {
  const { rows } = await sql<{ reset: number }>`
    SELECT extract(epoch FROM date_trunc('minute', clock_timestamp(), 'UTC'))::float8 + 60 AS reset`.execute(
    db,
  );
  return rows[0]?.reset ?? Number.NaN;
}
