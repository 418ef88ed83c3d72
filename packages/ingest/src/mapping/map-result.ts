import type { TenderRecordV1 } from "@tender/contracts";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";
import type { TenderFacets } from "./facets/tender-facets.js";

/**
 * What a source mapper returns: a valid, normalized record, or why the payload cannot become
 * one (the reason names the record field and the source field, e.g.
 * `buyer_name: missing in buyer-name (no language present)`). `facets` and `procedure` are stored
 * beside the record (absent: none known).
 */
export type MapResult =
  | { ok: true; record: TenderRecordV1; facets?: TenderFacets; procedure?: NoticeProcedure }
  | { ok: false; externalId: string | null; reason: string };
