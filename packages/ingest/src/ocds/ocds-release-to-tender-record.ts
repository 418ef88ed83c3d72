import { parseSourceDate, RECORD_LIMITS } from "@tender/contracts";
import { cleanLine, cleanText, distinctLines } from "../mapping/clean-text.js";
import { withAwards, withFacets, withProcedure } from "../mapping/facets/with-facets.js";
import type { MapResult } from "../mapping/map-result.js";
import { mappedRecord } from "../mapping/mapped-record.js";
import { parseSourcePayload } from "../mapping/parse-source-payload.js";
import { noticeKey } from "../procedure/notice-key.js";
import { ocdsAmount } from "./ocds-amount.js";
import { ocdsAttachments } from "./ocds-documents.js";
import { type OcdsPackageMeta, OcdsRelease } from "./ocds-release.js";
import { ocdsReleaseAwards } from "./ocds-release-awards.js";
import { ocdsReleaseFacets } from "./ocds-release-facets.js";
import { ocdsReleaseProcedure } from "./ocds-release-procedure.js";
import { ocdsReleaseStages } from "./ocds-release-stages.js";

const UNUSABLE_KEY = `is over ${RECORD_LIMITS.externalId} characters or holds a control character or a lone surrogate`;

/** What differs between OCDS publishers: the source code and where a release's public notice page is. */
export interface OcdsPublisher {
  /** `sources.code` of the records. */
  source: string;
  /** The release's public notice page, or null when it has none. */
  noticeUrl(release: OcdsRelease): string | null;
  /** The quarantine reason when `noticeUrl` gives none, naming the OCDS path it reads. */
  missingNoticeUrl: string;
  /** The country of a release whose addresses name none (a publisher of one country's notices). */
  fallbackCountry: string | null;
}

/**
 * Maps one OCDS release to a `TenderRecordV1` (pure). Each release is a notice of its own: the
 * identity is the release `id` (unique within its `ocid`, the procedure, which the release must
 * name: docs/records.md#procedures); `publisher.noticeUrl` is the `source_url` and every other
 * tender document with a web address is an attachment. The publication time is the release's
 * `date` (when this notice was published; `tender.datePublished` is the call's, repeated by its
 * later releases), else `tender.datePublished`, else the package's `publishedDate`. A release
 * without a tender (a `contract` release) is titled by its latest stage. Every problem is
 * reported at once, naming the record field and the OCDS path.
 */
export function ocdsReleaseToTenderRecord(
  release: unknown,
  packageMeta: OcdsPackageMeta,
  publisher: OcdsPublisher,
): MapResult {
  const parsed = parseSourcePayload(OcdsRelease, release, { payload: "release", idKey: "id" });
  if (!parsed.ok) return parsed;
  const r = parsed.value;
  const tender: NonNullable<OcdsRelease["tender"]> = r.tender ?? {};
  const problems: string[] = [];
  const id = r.id?.trim() || null;
  if (!r.ocid?.trim()) problems.push("external_id: missing ocid");
  else if (noticeKey(r.ocid) === null) problems.push(`external_id: ocid ${UNUSABLE_KEY}`);
  if (id === null) problems.push("external_id: missing release id");
  else if (noticeKey(id) === null) problems.push(`external_id: release id ${UNUSABLE_KEY}`);

  const title = cleanLine(tender.title ?? "") ?? stageTitle(release);
  if (title === null) problems.push("title: missing tender.title, contracts[].title and awards[].title");
  const buyerName = cleanLine(r.buyer?.name ?? "") ?? buyersOfParties(r.parties);
  if (buyerName === null) problems.push("buyer_name: missing in buyer.name and in parties with role buyer");

  const published = [r.date, tender.datePublished, packageMeta.publishedDate].find((d) => d?.trim());
  const publishedAt = published ? parseSourceDate(published) : null;
  if (!published) problems.push("published_at: missing date, tender.datePublished and package publishedDate");
  else if (publishedAt === null) problems.push(`published_at: "${published}" is not a date`);

  const endDate = tender.tenderPeriod?.endDate?.trim() || null;
  const deadline = endDate === null ? null : parseSourceDate(endDate);
  if (endDate !== null && deadline === null)
    problems.push(`deadline: tender.tenderPeriod.endDate "${endDate}" is not a date`);

  const sourceUrl = publisher.noticeUrl(r);
  if (sourceUrl === null) problems.push(`source_url: ${publisher.missingNoticeUrl}`);

  const result = mappedRecord(id, problems, () => ({
    source: publisher.source,
    external_id: id,
    title,
    description: cleanText(tender.description ?? ""),
    buyer_name: buyerName,
    ...ocdsAmount(tender),
    published_at: publishedAt,
    deadline,
    source_url: sourceUrl,
    attachments: ocdsAttachments(tender.documents ?? [], sourceUrl),
    raw_payload: release,
  }));
  return withAwards(
    withProcedure(
      withFacets(result, () => ocdsReleaseFacets(release, publisher.fallbackCountry)),
      () => ocdsReleaseProcedure(release),
    ),
    () => ocdsReleaseAwards(release),
  );
}

/** The title of the latest stage that has one (`contracts[]`, then `awards[]`). */
function stageTitle(release: unknown): string | null {
  for (const stage of ocdsReleaseStages(release)) {
    const title = typeof stage.title === "string" ? cleanLine(stage.title) : null;
    if (title !== null) return title;
  }
  return null;
}

function buyersOfParties(parties: OcdsRelease["parties"]): string | null {
  const names = (parties ?? []).filter((p) => p.roles?.includes("buyer")).map((p) => p.name ?? "");
  return distinctLines(names).join("; ") || null;
}
