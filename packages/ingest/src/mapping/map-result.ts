import type { TenderRecordV1 } from "@tender/contracts";
import type { NoticeAwards } from "../awards/notice-awards.js";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";
import type { TenderFacets } from "./facets/tender-facets.js";

/**
 * What a source mapper returns: a valid, normalized record, or why the payload cannot become
 * one (the reason names the record field and the source field, e.g.
 * `buyer_name: missing in buyer-name (no language present)`). `facets`, `procedure` and `awards` are
 * stored beside the record (absent: none known, what is stored stays).
 */
export type MapResult =
  | {
      ok: true;
      record: TenderRecordV1;
      facets?: TenderFacets;
      procedure?: NoticeProcedure;
      awards?: NoticeAwards;
    }
  | { ok: false; externalId: string | null; reason: string };
