import { type NoticeKind, noticeKindOf } from "@tender/contracts";
import { type NoticeProcedure, noticeKey } from "@tender/ingest";
import { tedNoticeBuyerKeys } from "./ted-notice-buyer-keys.js";

/**
 * The procedure of a TED v3 notice (docs/records.md#procedures): `procedure-identifier`, or the
 * notice's own `publication-number` when TED gives none (a procedure of its own). The kind by the
 * one notice-kind table (`noticeKindOf`): `change` when `change-notice-version-identifier` names
 * another notice (which it supersedes), `cancellation` when its change reason (`BT-140-notice`) is
 * `cancel`; else from `notice-type`, then `form-type`; else `competition` (what the default query
 * asked for before kinds existed). Its buyers
 * (`tedNoticeBuyerKeys`: another buyer's notice reusing the identifier stands beside). Null without a
 * publication number. Pure, so `tender remap` can
 * rerun it.
 */
export function tedNoticeProcedure(notice: unknown): NoticeProcedure | null {
  const fields = (typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>;
  const number = first(fields["publication-number"]);
  if (number === null) return null;
  const named = first(fields["change-notice-version-identifier"]);
  const supersedes = named !== null && named !== number ? named : null;
  return {
    key: first(fields["procedure-identifier"]) ?? number,
    kind: kindOf(fields, supersedes !== null),
    supersedes,
    buyers: tedNoticeBuyerKeys(fields),
  };
}

/**
 * What a TED notice is by its form alone (`notice-type`, else `form-type`), even when it changes
 * another notice: a change of a result notice is a result form, and carries the corrected results.
 */
export function tedNoticeFormKind(notice: unknown): NoticeKind {
  return kindOf(
    (typeof notice === "object" && notice !== null ? notice : {}) as Record<string, unknown>,
    false,
  );
}

function kindOf(fields: Record<string, unknown>, changesNotice: boolean): NoticeKind {
  const kind = noticeKindOf({
    noticeType: first(fields["notice-type"]),
    formType: first(fields["form-type"]),
    changesNotice,
    changeReason: first(fields["BT-140-notice"]),
  });
  return kind ?? "competition";
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
