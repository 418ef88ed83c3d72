import type { NoticeKind } from "../primitives/notice-kind.js";

/**
 * The one table of notice kinds (docs/records.md#notice-kinds), read by every path: the TED
 * Search API's `notice-type` / `form-type`, an eForms notice's `NoticeTypeCode` and its
 * `listName`, an OCDS release's `tag`. eForms notice types and form types are TED's search
 * values too. A test checks every official eForms subtype (1–40, CEI, T01, T02, E1–E6) against it
 * and docs/records.md prints it.
 */
export const NOTICE_KIND_TABLE = Object.freeze({
  /** eForms notice types (BT-02, code list `notice-type`), first: the most specific. */
  noticeTypes: Object.freeze({
    "pin-only": "planning",
    "pin-buyer": "planning",
    "pin-rtl": "planning",
    "pin-tran": "planning",
    pmc: "planning",
    "pin-cfc-standard": "competition",
    "pin-cfc-social": "competition",
    "qu-sy": "competition",
    "cn-standard": "competition",
    "cn-social": "competition",
    "cn-desg": "competition",
    subco: "competition",
    veat: "result",
    "can-standard": "result",
    "can-social": "result",
    "can-desg": "result",
    "can-tran": "result",
    compl: "result",
    "can-modif": "modification",
    // TED's corrigendum of the forms before eForms, as the Search API's `notice-type` still names it.
    corr: "change",
  } satisfies Record<string, NoticeKind>),
  /** eForms form types (BT-03, the notice type's `listName`), for a notice type not above. */
  formTypes: Object.freeze({
    planning: "planning",
    consultation: "planning",
    competition: "competition",
    "dir-awa-pre": "result",
    result: "result",
    completion: "result",
    "cont-modif": "modification",
    change: "change",
  } satisfies Record<string, NoticeKind>),
  /** Change reasons (BT-140, code list `change-corrig-justification`) that withdraw the notice. */
  cancellingChangeReasons: Object.freeze(["cancel"]),
  /**
   * OCDS release tags (codelist `releaseTag`; `*` ends a prefix), the latest stage first: the first
   * entry any of a release's tags matches decides, so a release tagged `award` and `contract` is a
   * result and one tagged `tender` and `tenderCancellation` a cancellation.
   */
  ocdsTags: Object.freeze([
    ["tenderCancellation", "cancellation"],
    ["contractAmendment", "modification"],
    ["award*", "result"],
    ["contract*", "result"],
    ["implementation*", "result"],
    ["tenderAmendment", "change"],
    ["tenderUpdate", "change"],
    ["tender", "competition"],
    ["planning*", "planning"],
  ] as const satisfies readonly (readonly [string, NoticeKind])[]),
});
