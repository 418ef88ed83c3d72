import { sql } from "kysely";
import type { Db } from "../database.js";

/** One extraction result to keep: `result` is JSON text, opaque to the database layer. */
export interface CachedExtraction {
  cacheKey: string;
  sha256: string;
  result: string;
}

/** The cached extraction result (JSON text) under `cacheKey`, or undefined. */
export async function findCachedExtraction(db: Db, cacheKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("extraction_cache")
    .select("result")
    .where("cache_key", "=", cacheKey)
    .executeTakeFirst();
  return row?.result;
}

/** Keeps an extraction result; a concurrent writer of the same key wins (the results are equal). */
export async function saveCachedExtraction(db: Db, entry: CachedExtraction): Promise<void> {
  await db
    .insertInto("extraction_cache")
    .values({ cache_key: entry.cacheKey, sha256: entry.sha256, result: entry.result })
    .onConflict((oc) => oc.column("cache_key").doNothing())
    .execute();
}

/**
 * Removes up to `limit` cache entries created before `olderThan` whose file no attachment points
 * at any more. Returns how many went.
 */
export async function deleteUnusedExtractions(db: Db, olderThan: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("extraction_cache")
    .where(
      "cache_key",
      "in",
      db
        .selectFrom("extraction_cache as c")
        .select("c.cache_key")
        .where("c.created_at", "<", olderThan)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("attachments as a").select(sql`1`.as("one")).whereRef("a.sha256", "=", "c.sha256"),
            ),
          ),
        )
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
