import type { TenderRecordV1 } from "@tender/contracts";

/**
 * What a source mapper returns: a valid, normalized record, or why the payload cannot become
 * one (the reason names the record field and the source field, e.g.
 * `buyer_name: missing in buyer-name (no language present)`).
 */
export type MapResult =
  | { ok: true; record: TenderRecordV1 }
  | { ok: false; externalId: string | null; reason: string };
