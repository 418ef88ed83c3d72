import { cleanLine, cleanText, distinctLines } from "../mapping/clean-text.js";
import { withAwards, withFacets, withProcedure } from "../mapping/facets/with-facets.js";
import type { MapResult } from "../mapping/map-result.js";
import { mappedRecord } from "../mapping/mapped-record.js";
import { parseSourceDate } from "../mapping/parse-source-date.js";
import { parseSourcePayload } from "../mapping/parse-source-payload.js";
import { ocdsAmount } from "./ocds-amount.js";
import { ocdsAttachments } from "./ocds-documents.js";
import { type OcdsPackageMeta, OcdsRelease } from "./ocds-release.js";
import { ocdsReleaseAwards } from "./ocds-release-awards.js";
import { ocdsReleaseFacets } from "./ocds-release-facets.js";
import { ocdsReleaseProcedure } from "./ocds-release-procedure.js";

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
 * Maps one OCDS release to a `TenderRecordV1` (pure). The identity is the `ocid` (stable across
 * the releases of one procurement); `publisher.noticeUrl` is the `source_url` and every other
 * document with a web address is an attachment. `packageMeta` (the package around the release)
 * supplies `publishedDate` when the release has no date. Every problem is reported at once,
 * naming the record field and the OCDS path.
 */
export function ocdsReleaseToTenderRecord(
  release: unknown,
  packageMeta: OcdsPackageMeta,
  publisher: OcdsPublisher,
): MapResult {
  const parsed = parseSourcePayload(OcdsRelease, release, { payload: "release", idKey: "ocid" });
  if (!parsed.ok) return parsed;
  const r = parsed.value;
  const tender: NonNullable<OcdsRelease["tender"]> = r.tender ?? {};
  const problems: string[] = [];
  const ocid = r.ocid?.trim() || null;
  if (ocid === null) problems.push("external_id: missing ocid");

  const title = cleanLine(tender.title ?? "");
  if (title === null) problems.push("title: missing tender.title");
  const buyerName = cleanLine(r.buyer?.name ?? "") ?? buyersOfParties(r.parties);
  if (buyerName === null) problems.push("buyer_name: missing in buyer.name and in parties with role buyer");

  const published = [tender.datePublished, r.date, packageMeta.publishedDate].find((d) => d?.trim());
  const publishedAt = published ? parseSourceDate(published) : null;
  if (!published) problems.push("published_at: missing tender.datePublished, date and package publishedDate");
  else if (publishedAt === null) problems.push(`published_at: "${published}" is not a date`);

  const endDate = tender.tenderPeriod?.endDate?.trim() || null;
  const deadline = endDate === null ? null : parseSourceDate(endDate);
  if (endDate !== null && deadline === null)
    problems.push(`deadline: tender.tenderPeriod.endDate "${endDate}" is not a date`);

  const sourceUrl = publisher.noticeUrl(r);
  if (sourceUrl === null) problems.push(`source_url: ${publisher.missingNoticeUrl}`);

  const result = mappedRecord(ocid, problems, () => ({
    source: publisher.source,
    external_id: ocid,
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

function buyersOfParties(parties: OcdsRelease["parties"]): string | null {
  const names = (parties ?? []).filter((p) => p.roles?.includes("buyer")).map((p) => p.name ?? "");
  return distinctLines(names).join("; ") || null;
}
