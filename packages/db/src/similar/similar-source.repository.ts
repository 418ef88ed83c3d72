import type { Db } from "../database.js";

/** What a tender's similar contracts are found from. */
export interface SimilarSource {
  id: string;
  procedure_id: string | null;
  buyer_organisation_id: string | null;
  buyer_name: string;
  /** Its words are compared with the award notices' text. */
  title: string;
  cpv_codes: string[];
  countries: string[];
  amount: string | null;
  currency: string | null;
  /** It has a metadata chunk of the model: its text can be compared. */
  has_text: boolean;
}

/** The tender's fields similar contracts are found from; undefined when no tender has this id. */
export function findSimilarSource(
  db: Db,
  tenderId: string,
  model: string,
): Promise<SimilarSource | undefined> {
  return db
    .selectFrom("tenders")
    .select([
      "id",
      "procedure_id",
      "buyer_organisation_id",
      "buyer_name",
      "title",
      "cpv_codes",
      "countries",
      "amount",
      "currency",
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("chunks")
            .select("chunks.id")
            .whereRef("chunks.tender_id", "=", "tenders.id")
            .where("chunks.attachment_id", "is", null)
            .where("chunks.embedding_model", "=", model),
        )
        .$castTo<boolean>()
        .as("has_text"),
    )
    .where("id", "=", tenderId)
    .executeTakeFirst();
}
