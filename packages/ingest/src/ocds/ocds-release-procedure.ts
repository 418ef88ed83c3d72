import { ocdsTagsKind } from "@tender/contracts";
import { noticeBuyerKeys } from "../procedure/notice-buyer-keys.js";
import { noticeKey } from "../procedure/notice-key.js";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";
import { type Json, list, object } from "./ocds-json.js";
import { ocdsOtherPortalNotice, ocdsOwnNoticeKeys, portalNoticeKey } from "./ocds-portal-notice.js";
import { ocdsReleaseBuyers } from "./ocds-release-buyers.js";
import { ocdsReleaseTags } from "./ocds-release-tags.js";

/**
 * The procedure of an OCDS release (docs/records.md#procedures): its `ocid`; the kind from its
 * `tag` by the one notice-kind table (`ocdsTagsKind`; a release with no known tag is a call for
 * competition, as every release was stored before kinds existed); the release it amends from the `amendsReleaseID` of its amendments
 * (`tender`, `awards[]`, `contracts[]`), preferring the amendment this release records (a change
 * naming none supersedes the procedure's previous call or change: `linkProcedureNotices`).
 * Release ids are unique within their `ocid` only (`idWithinProcedure`). For a release of Find a
 * Tender or Contracts Finder: its own keys and the other portal's notice it names
 * (`ocdsOtherPortalNotice`); its buyers (`ocdsReleaseBuyers`). Null without an `ocid`. Pure, so `tender remap` can rerun it on
 * `raw_payload`.
 */
export function ocdsReleaseProcedure(release: unknown): NoticeProcedure | null {
  const r = object(release);
  const key = text(r.ocid);
  if (key === null) return null;
  const kind = ocdsTagsKind(ocdsReleaseTags(release)) ?? "competition";
  const procedure: NoticeProcedure = {
    key,
    kind,
    supersedes: amendedRelease(r),
    idWithinProcedure: true,
    buyers: noticeBuyerKeys(ocdsReleaseBuyers(release)),
  };
  const keys = ocdsOwnNoticeKeys(release);
  if (keys.length === 0) return procedure;
  const named = ocdsOtherPortalNotice(release);
  return { ...procedure, portal: { keys, names: named === null ? null : portalNoticeKey(named) } };
}

function amendedRelease(release: Json): string | null {
  const parts = [
    object(release.tender),
    ...list(release.awards).map(object),
    ...list(release.contracts).map(object),
  ];
  const amendments = parts.flatMap((part) => list(part.amendments).map(object));
  const id = text(release.id);
  const own = amendments.filter((a) => id !== null && text(a.releaseID) === id);
  const named = (own.length > 0 ? own : amendments)
    .map((a) => text(a.amendsReleaseID))
    .filter((x) => x !== null);
  const last = named.at(-1) ?? null;
  return last === id ? null : last;
}

const text = noticeKey;
