import { type Db, describeRecordRefusal, upsertOrganisations, withSavepoint } from "@tender/db";
import type { MapResult } from "../mapping/map-result.js";
import { boundNoticeAwards } from "./bound-notice-awards.js";
import { organisationMentions } from "./organisation-mentions.js";

/**
 * Upserts the organisations every valid record of a page or batch names, all at once and in key
 * order, before its records are stored one by one. Stored record by record, a page naming B then
 * A and a concurrent one naming A then B (two sources, or a remap) would lock the two rows in
 * opposite orders and deadlock; after this, each record only meets rows its own transaction
 * already holds. A value the database refuses is left for its record's own savepoint to
 * quarantine: this step is then skipped, never failing the page.
 */
export async function upsertPageOrganisations(db: Db, results: readonly MapResult[]): Promise<void> {
  const mentions = results.flatMap((result) =>
    result.ok && result.awards ? organisationMentions(boundNoticeAwards(result.awards)) : [],
  );
  if (mentions.length === 0) return;
  try {
    await withSavepoint(db, () => upsertOrganisations(db, mentions));
  } catch (error) {
    if (describeRecordRefusal(error) === null) throw error;
  }
}
