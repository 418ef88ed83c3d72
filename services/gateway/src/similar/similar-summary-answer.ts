import {
  type Award,
  type AwardSearchSummaryResponse,
  SIMILAR_LIMITS,
  type SimilarSummary,
  type SimilarSummaryResponse,
  type TenderFilters,
} from "@tender/contracts";
import type { CpvLanguage } from "@tender/cpv";
import {
  type Db,
  listSimilarAwardNotices,
  type SimilarAwardRow,
  type SimilarAwardsInput,
  type SimilarSource,
  summariseSimilarAwards,
} from "@tender/db";
import { similarInputOf } from "./similar-input.js";
import { awardsOfNotices } from "./similar-page.js";
import { toSimilarAward } from "./to-similar-award.js";

/**
 * The summary of the 100 most similar awarded contracts (within the filters) and this buyer's
 * previous contracts in the tender's CPV class (the group when its codes name no class), latest
 * first: the incumbent and when its contract ends.
 */
export async function similarSummaryAnswer(
  db: Db,
  tender: SimilarSource,
  settings: { model: string; minTextScore: number; now: Date; filters: TenderFilters; lang: CpvLanguage },
): Promise<SimilarSummaryResponse> {
  const input = similarInputOf(tender, settings);
  const rows = await mostSimilarNotices(db, input);
  const history = input.cpvCodes.length === 0 ? [] : await buyerHistory(db, tender, settings);
  const awards = await awardsOfNotices(
    db,
    [...rows, ...history].map((r) => r.id),
  );
  return {
    summary: summaryOf(rows, awards),
    buyer_history: history.map((row) =>
      toSimilarAward(row, awards.get(row.id) ?? [], input.minTextScore, settings.lang),
    ),
  };
}

/**
 * The summary of the award notices most like a query (`POST /awards/search/summary`): the same
 * notices and figures as a tender's summary, without a buyer to look back at.
 */
export async function querySummaryAnswer(
  db: Db,
  input: Omit<SimilarAwardsInput, "limit" | "after">,
): Promise<AwardSearchSummaryResponse> {
  const rows = await mostSimilarNotices(db, input);
  const awards = await awardsOfNotices(
    db,
    rows.map((r) => r.id),
  );
  return { summary: summaryOf(rows, awards) };
}

/** The notices a summary rests on: the most similar, within the filters. */
function mostSimilarNotices(db: Db, input: Omit<SimilarAwardsInput, "limit" | "after">) {
  return listSimilarAwardNotices(db, { ...input, limit: SIMILAR_LIMITS.summaryNotices });
}

function summaryOf(rows: readonly SimilarAwardRow[], awards: ReadonlyMap<string, Award[]>): SimilarSummary {
  return summariseSimilarAwards(
    rows.map((row) => ({
      buyer_organisation_id: row.buyer_organisation_id,
      buyer_name: row.buyer_name,
      framework: row.framework,
      estimated:
        row.estimated_amount !== null && row.estimated_currency !== null
          ? { amount: row.estimated_amount, currency: row.estimated_currency }
          : null,
      awards: awards.get(row.id) ?? [],
    })),
  );
}

/** The buyer's notices sharing the tender's CPV class, of other procedures, latest first (no filters: the incumbent is the incumbent). */
async function buyerHistory(
  db: Db,
  tender: SimilarSource,
  settings: { model: string; minTextScore: number; now: Date },
) {
  const input = similarInputOf(tender, {
    model: settings.model,
    minTextScore: settings.minTextScore,
    now: settings.now,
  });
  const classLevel = input.cpvCodes.some((code) => code.replace(/0+$/, "").length >= 4) ? 4 : 3;
  const rows = await listSimilarAwardNotices(db, {
    ...input,
    sameBuyer: {
      organisationId: tender.buyer_organisation_id,
      name: tender.buyer_name,
      minCpvLevel: classLevel,
    },
    limit: SIMILAR_LIMITS.summaryNotices,
  });
  return rows
    .sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : 0))
    .slice(0, SIMILAR_LIMITS.buyerHistory);
}
