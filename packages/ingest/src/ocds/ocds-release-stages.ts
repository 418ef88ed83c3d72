import * as v from "valibot";
import { type Json, list, object } from "./ocds-json.js";
import { OcdsDocument } from "./ocds-release.js";

/** One stage of a release (`contracts[]`, `awards[]`, `tender`, `planning`), read leniently. */
export interface OcdsStage {
  /** The `documentType` of the stage's own notice page (`awardNotice`...). */
  noticeType: string;
  title: unknown;
  documents: OcdsDocument[];
}

/**
 * The stages a release carries, latest first: its contracts, its awards, its tender, its planning
 * (whose notice may be listed in `tender.documents` too). A release is partial: a `contract`
 * release has no tender, a `planning` release may have no notice, so whatever names the release
 * (title, notice page) is taken from the latest stage that has it. Pure and lenient: a part of
 * the wrong shape is read as absent, a document of the wrong shape is left out.
 */
export function ocdsReleaseStages(release: unknown): OcdsStage[] {
  const r = object(release);
  const tender = object(r.tender);
  const planning = object(r.planning);
  const stage = (noticeType: string, part: Json, documents: unknown[] = list(part.documents)) => ({
    noticeType,
    title: part.title,
    documents: documents.filter((d): d is OcdsDocument => v.is(OcdsDocument, d)),
  });
  return [
    ...list(r.contracts)
      .map(object)
      .reverse()
      .map((c) => stage("contractNotice", c)),
    ...list(r.awards)
      .map(object)
      .reverse()
      .map((a) => stage("awardNotice", a)),
    stage("tenderNotice", tender),
    stage("plannedProcurementNotice", planning, [...list(planning.documents), ...list(tender.documents)]),
  ];
}
