import type { TenderDetails, TenderDetailsRow } from "@tender/contracts";
import { listNoticeAwards } from "../awards/awards.repository.js";
import type { Db } from "../database.js";
import { listProcedureTimeline } from "../procedures/procedure-timeline.repository.js";

/**
 * The tender card (docs/api.md#tender-card) with its procedure's notices, its buyer's organisation, its awards (a result,
 * modification or change notice's; none for other kinds) and every attachment, skipped ones included, ordered by
 * source URL; undefined when no tender has this id. Only the card's columns are read, so
 * `raw_payload`, hashes, `local_path` and `last_error` never leave the database.
 */
export async function findTenderCard(db: Db, id: string): Promise<TenderDetailsRow | undefined> {
  const tender = await db
    .selectFrom("tenders as t")
    .innerJoin("sources as s", "s.id", "t.source_id")
    .select([
      "t.id",
      "s.code as source",
      "t.external_id",
      "t.title",
      "t.description",
      "t.buyer_name",
      "t.amount",
      "t.currency",
      "t.published_at",
      "t.deadline",
      "t.source_url",
      "t.countries",
      "t.cpv_codes",
      "t.index_status",
      "t.procedure_id",
      "t.kind",
      "t.superseded_by",
      "t.buyer_organisation_id",
    ])
    .where("t.id", "=", id)
    .executeTakeFirst();
  if (!tender) return undefined;
  const { buyer_organisation_id, ...fields } = tender;
  const attachments = await db
    .selectFrom("attachments")
    .select(["id", "filename", "title", "content_type", "size_bytes", "download_status", "source_url"])
    .where("tender_id", "=", id)
    .orderBy("source_url")
    .orderBy("id")
    .execute();
  const procedure =
    tender.procedure_id === null
      ? null
      : { id: tender.procedure_id, notices: await listProcedureTimeline(db, tender.procedure_id) };
  return {
    ...fields,
    published_at: tender.published_at.toISOString(),
    deadline: tender.deadline?.toISOString() ?? null,
    procedure,
    buyer_organisation_id,
    awards: await awardsOf(db, tender.id, tender.kind),
    attachments,
  };
}

async function awardsOf(db: Db, id: string, kind: TenderDetails["kind"]): Promise<TenderDetails["awards"]> {
  // A change notice of a result carries the corrected awards; other kinds have none stored.
  if (kind !== "result" && kind !== "modification" && kind !== "change") return [];
  return (await listNoticeAwards(db, [id])).get(id) ?? [];
}
