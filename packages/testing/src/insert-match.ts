import type { Db } from "@tender/db";
import { sql } from "kysely";

/** A match row as the notifier will write it: for tests of what the API shows of matches. */
export async function insertMatch(
  db: Db,
  savedSearchId: string,
  tenderId: string,
  options: { matchedAt: string; score?: number; snippet?: string; contentHash?: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO saved_search_matches (saved_search_id, tender_id, content_hash, score, snippet, matched_at)
    VALUES (${savedSearchId}, ${tenderId}, ${options.contentHash ?? "a".repeat(64)}, ${options.score ?? 0.5},
            ${options.snippet ?? "Repair of asphalt roads."}, ${options.matchedAt}::timestamptz)
    RETURNING id`.execute(db);
  return (rows[0] as { id: string }).id;
}
