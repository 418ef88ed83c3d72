import type { AlertReason, NoticeChange } from "@tender/contracts";
import type { Db } from "@tender/db";
import { sql } from "kysely";

/** A match row as the notifier will write it: for tests of what the API shows of matches. */
export async function insertMatch(
  db: Db,
  savedSearchId: string,
  tenderId: string,
  options: {
    matchedAt: string;
    score?: number;
    snippet?: string;
    contentHash?: string;
    /** A follow-up (docs/events.md#follow-ups) rather than a match, with its changes. */
    followUp?: { reason: Exclude<AlertReason, "match">; changes: NoticeChange[] | null };
  },
): Promise<string> {
  const changes = options.followUp?.changes ? JSON.stringify(options.followUp.changes) : null;
  const { rows } = await sql<{ id: string }>`
    INSERT INTO saved_search_matches
      (saved_search_id, tender_id, content_hash, score, snippet, matched_at, reason, procedure_id, changes)
    VALUES (${savedSearchId}, ${tenderId}, ${options.contentHash ?? "a".repeat(64)}, ${options.score ?? 0.5},
            ${options.snippet ?? "Repair of asphalt roads."}, ${options.matchedAt}::timestamptz,
            ${options.followUp?.reason ?? "match"}, (SELECT procedure_id FROM tenders WHERE id = ${tenderId}),
            ${changes}::jsonb)
    RETURNING id`.execute(db);
  return (rows[0] as { id: string }).id;
}
