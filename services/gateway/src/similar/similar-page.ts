import { SIMILAR_LIMITS, type SimilarAwardsResponse } from "@tender/contracts";
import type { CpvLanguage } from "@tender/cpv";
import { type Db, listAwardsOfTenders, listSimilarAwardNotices, type SimilarAwardsInput } from "@tender/db";
import { decodeCursor, encodeCursor } from "../browse/tender-cursor.js";
import { ApiError } from "../errors/api-error.js";
import { toSimilarAward } from "./to-similar-award.js";

/** The awards shown with each similar notice: a bounded cut per notice. */
export function awardsOfNotices(db: Db, ids: readonly string[]) {
  return listAwardsOfTenders(db, ids, {
    awards: SIMILAR_LIMITS.awardsPerNotice,
    winners: SIMILAR_LIMITS.winnersPerNotice,
    per: "tender",
  });
}

/**
 * One page of similar awarded contracts under a signed cursor bound to `scope` (what is compared
 * and the filters): `limit` notices with their awards, the next page's cursor, and `emptyReason`
 * when the page is empty.
 */
export async function similarPage(
  db: Db,
  input: Omit<SimilarAwardsInput, "limit" | "after">,
  page: { limit: number; cursor?: string | undefined; secret: string; scope: string; lang?: CpvLanguage },
  emptyReason: string,
): Promise<SimilarAwardsResponse> {
  const scope = { sort: "similar" as const, filters: page.scope };
  const after = page.cursor === undefined ? undefined : decodeCursor(page.secret, scope, page.cursor);
  if (after === null || after?.key === null) {
    throw new ApiError("validation_error", "The query parameters are not valid; see details.", {
      details: [{ path: "/cursor", message: "Is not a cursor this server issued for this query" }],
    });
  }
  const rows = await listSimilarAwardNotices(db, {
    ...input,
    limit: page.limit + 1,
    ...(after ? { after: { key: after.key as string, id: after.id } } : {}),
  });
  const shown = rows.slice(0, page.limit);
  const awards = await awardsOfNotices(
    db,
    shown.map((r) => r.id),
  );
  const last = shown.at(-1);
  return {
    items: shown.map((row) => toSimilarAward(row, awards.get(row.id) ?? [], input.minTextScore, page.lang)),
    next_cursor:
      rows.length > page.limit && last
        ? encodeCursor(page.secret, scope, { key: last.score, id: last.id })
        : null,
    reason: shown.length === 0 ? emptyReason : null,
  };
}
