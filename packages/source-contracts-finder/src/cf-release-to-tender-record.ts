import {
  cleanLine,
  cleanText,
  distinctLines,
  type MapResult,
  mappedRecord,
  parseSourceDate,
  parseSourcePayload,
  withFacets,
} from "@tender/ingest";
import { cfAmount } from "./cf-amount.js";
import { cfAttachments, cfNoticeUrl } from "./cf-documents.js";
import { type CfPackageMeta, CfRelease } from "./cf-release.js";
import { cfReleaseFacets } from "./cf-release-facets.js";
import { CF_SOURCE_CODE } from "./cf-source-code.js";

/**
 * Maps one OCDS release of a Contracts Finder search page to a `TenderRecordV1` (pure). The
 * identity is the `ocid` (stable across the releases of one procurement); the notice page in
 * `tender.documents` is the `source_url` and the other documents are attachments. `packageMeta`
 * (the package around the release) supplies `publishedDate` when the release has no date.
 * Every problem is reported at once, naming the record field and the OCDS path.
 */
export function cfReleaseToTenderRecord(release: unknown, packageMeta: CfPackageMeta = {}): MapResult {
  const parsed = parseSourcePayload(CfRelease, release, { payload: "release", idKey: "ocid" });
  if (!parsed.ok) return parsed;
  const r = parsed.value;
  const tender: NonNullable<CfRelease["tender"]> = r.tender ?? {};
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

  const documents = tender.documents ?? [];
  const sourceUrl = cfNoticeUrl(documents);
  if (sourceUrl === null) {
    problems.push(
      'source_url: no tender.documents item with documentType "tenderNotice" and format text/html',
    );
  }

  const result = mappedRecord(ocid, problems, () => ({
    source: CF_SOURCE_CODE,
    external_id: ocid,
    title,
    description: cleanText(tender.description ?? ""),
    buyer_name: buyerName,
    ...cfAmount(tender),
    published_at: publishedAt,
    deadline,
    source_url: sourceUrl,
    attachments: cfAttachments(documents, sourceUrl),
    raw_payload: release,
  }));
  return withFacets(result, () => cfReleaseFacets(release));
}

function buyersOfParties(parties: CfRelease["parties"]): string | null {
  const names = (parties ?? []).filter((p) => p.roles?.includes("buyer")).map((p) => p.name ?? "");
  return distinctLines(names).join("; ") || null;
}
