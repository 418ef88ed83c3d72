import { listNoticeAwards } from "../awards/awards.repository.js";
import type { Db } from "../database.js";
import { type ListedMatch, type MatchRow, toListedMatch } from "./listed-match.js";

// A change or modification that corrects a result carries the corrected awards (as on the card).
const mayCarryAwards = (row: MatchRow) =>
  row.reason === "awarded" ||
  (row.reason === "changed" && (row.kind === "change" || row.kind === "modification"));

/**
 * Rows of `MATCH_COLUMNS` as `Match` shows them, with their notices' awards read in one query for
 * the whole batch (`listNoticeAwards`): an `awarded` follow-up gets its notice's awards (empty when
 * none is stored), a `changed` one its notice's when it has any; every other alert null.
 */
export async function toListedMatches(db: Db, rows: readonly MatchRow[]): Promise<ListedMatch[]> {
  const awards = await listNoticeAwards(
    db,
    rows.filter(mayCarryAwards).map((row) => row.id),
  );
  return rows.map((row) => {
    const stored = awards.get(row.id);
    const shown = row.reason === "awarded" ? (stored ?? []) : mayCarryAwards(row) ? (stored ?? null) : null;
    return toListedMatch(row, shown);
  });
}
