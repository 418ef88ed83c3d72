import type { NoticeKind } from "@tender/contracts";
import { type NoticeProcedure, noticeKey } from "@tender/ingest";
import { tedNoticeBuyerKeys } from "./ted-notice-buyer-keys.js";

// eForms form types (`form-type`), then notice types (`notice-type`) for a notice without one.
const KIND_BY_FORM_TYPE: ReadonlyMap<string, NoticeKind> = new Map([
  ["planning", "planning"],
  ["competition", "competition"],
  ["change", "change"],
  ["result", "result"],
  ["dir-awa-pre", "result"],
  ["completion", "result"],
  ["cont-modif", "modification"],
]);
const KIND_BY_NOTICE_TYPE: readonly [prefix: string, kind: NoticeKind][] = [
  ["pin-cfc-", "competition"],
  ["pin-", "planning"],
  ["can-modif", "modification"],
  ["can-", "result"],
  ["veat", "result"],
  ["compl", "result"],
  ["corr", "change"],
];

/**
 * The procedure of a TED v3 notice (docs/records.md#procedures): `procedure-identifier`, or the
 * notice's own `publication-number` when TED gives none (a procedure of its own). Kind `change`
 * when `change-notice-version-identifier` names another notice (which it supersedes), else from
 * `form-type`, else `notice-type`, else `competition` (what the default query asked for before
 * kinds existed); its buyers (`tedNoticeBuyerKeys`: another buyer's notice reusing the
 * identifier stands beside). Null without a publication number. Pure, so `tender remap` can rerun it.
 */
export function tedNoticeProcedure(notice: unknown): NoticeProcedure | null {
  const fields = (typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>;
  const number = first(fields["publication-number"]);
  if (number === null) return null;
  const named = first(fields["change-notice-version-identifier"]);
  const supersedes = named !== null && named !== number ? named : null;
  return {
    key: first(fields["procedure-identifier"]) ?? number,
    kind: supersedes !== null ? "change" : kindOf(fields),
    supersedes,
    buyers: tedNoticeBuyerKeys(fields),
  };
}

/**
 * What a TED notice is by its form alone (`form-type`, else `notice-type`), even when it changes
 * another notice: a change of a result notice is a result form, and carries the corrected results.
 */
export function tedNoticeFormKind(notice: unknown): NoticeKind {
  return kindOf((typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>);
}

function kindOf(fields: Record<string, unknown>): NoticeKind {
  const formType = first(fields["form-type"])?.toLowerCase();
  const byForm = formType === undefined ? undefined : KIND_BY_FORM_TYPE.get(formType);
  if (byForm) return byForm;
  const noticeType = first(fields["notice-type"])?.toLowerCase();
  if (noticeType === undefined) return "competition";
  return KIND_BY_NOTICE_TYPE.find(([prefix]) => noticeType.startsWith(prefix))?.[1] ?? "competition";
}

/** The first usable identifier (`noticeKey`) of a field TED sends as a string or a list. */
function first(value: unknown): string | null {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  for (const item of values) {
    const key = noticeKey(item);
    if (key !== null) return key;
  }
  return null;
}
