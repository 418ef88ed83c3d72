import type { NoticeKind } from "@tender/contracts";

// The kinds themselves are the contracts' (`NOTICE_KINDS`, `NoticeKind`): one list for every source.
export { NOTICE_KINDS, type NoticeKind } from "@tender/contracts";

/**
 * The kind of each eForms notice type (`NoticeTypeCode`, code list `notice-type`). The package
 * README prints the same table; a test keeps the two equal.
 */
export const NOTICE_TYPE_KINDS: Readonly<Record<string, NoticeKind>> = Object.freeze({
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
});

/** Kinds by the notice type's list (`NoticeTypeCode/@listName`), for a type not in the table. */
export const FORM_TYPE_KINDS: Readonly<Record<string, NoticeKind>> = Object.freeze({
  planning: "planning",
  consultation: "planning",
  competition: "competition",
  "dir-awa-pre": "result",
  result: "result",
  completion: "result",
  "cont-modif": "modification",
  change: "change",
});

/** Change reasons (`change-corrig-justification`) that withdraw the notice rather than correct it. */
export const CANCELLING_CHANGE_REASONS: readonly string[] = ["cancel"];

/**
 * The kind of a notice: `change` when it names a notice it changes (BT-758), `cancellation`
 * when that change's reason is `cancel`; else by notice type, else by form type; else null.
 */
export function noticeKind(input: {
  noticeType: string | null;
  formType: string | null;
  changesNotice: boolean;
  changeReason: string | null;
}): NoticeKind | null {
  if (input.changesNotice) {
    return input.changeReason !== null && CANCELLING_CHANGE_REASONS.includes(input.changeReason)
      ? "cancellation"
      : "change";
  }
  const byType = input.noticeType === null ? undefined : NOTICE_TYPE_KINDS[input.noticeType];
  if (byType !== undefined && Object.hasOwn(NOTICE_TYPE_KINDS, input.noticeType ?? "")) return byType;
  const byForm = input.formType === null ? undefined : FORM_TYPE_KINDS[input.formType];
  return byForm !== undefined && Object.hasOwn(FORM_TYPE_KINDS, input.formType ?? "") ? byForm : null;
}
