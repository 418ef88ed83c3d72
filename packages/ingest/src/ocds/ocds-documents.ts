import { type AttachmentRecordV1, isHttpUrl } from "@tender/contracts";
import { cleanLine } from "../mapping/clean-text.js";
import { ocdsDocumentFilename } from "./ocds-document-filename.js";
import type { OcdsDocument } from "./ocds-release.js";
import { ocdsReleaseStages } from "./ocds-release-stages.js";

/**
 * The public notice page among `tender.documents`: the first `tenderNotice` that is a web page
 * (`format` text/html or no format): some publishers also type attached PDFs `tenderNotice`.
 */
export function ocdsNoticeUrl(documents: readonly OcdsDocument[], type = "tenderNotice"): string | null {
  const notice = documents.find(
    (d) =>
      d.documentType === type &&
      isHttpUrlText(d.url) &&
      (!d.format || d.format.toLowerCase().startsWith("text/html")),
  );
  return notice?.url?.trim() ?? null;
}

/**
 * The public page of one release (a notice of its own): the notice page of its latest stage that
 * lists one (`contractNotice` of `contracts[]`, `awardNotice` of `awards[]`, `tenderNotice` of
 * `tender`, `plannedProcurementNotice`), else the first document of its tender or planning that
 * is declared a web page (`format` text/html: a planning release often lists only its
 * consultation page); null when it lists none. Reads the raw release leniently.
 */
export function ocdsReleaseNoticeUrl(release: unknown): string | null {
  const stages = ocdsReleaseStages(release);
  for (const stage of stages) {
    const url = ocdsNoticeUrl(stage.documents, stage.noticeType);
    if (url !== null) return url;
  }
  const page = stages
    .filter((s) => s.noticeType === "tenderNotice" || s.noticeType === "plannedProcurementNotice")
    .flatMap((s) => s.documents)
    .find((d) => isHttpUrlText(d.url) && d.format?.trim().toLowerCase().startsWith("text/html"));
  return page?.url?.trim() ?? null;
}

/** Every other document with an http(s) URL, once per URL, as attachments. */
export function ocdsAttachments(
  documents: readonly OcdsDocument[],
  noticeUrl: string | null,
): AttachmentRecordV1[] {
  const seen = new Set<string>(noticeUrl === null ? [] : [noticeUrl]);
  const attachments: AttachmentRecordV1[] = [];
  for (const [position, document] of documents.entries()) {
    const url = document.url?.trim();
    if (!url || !isHttpUrlText(url) || seen.has(url)) continue;
    seen.add(url);
    attachments.push({
      external_id: document.id === null || document.id === undefined ? null : String(document.id),
      title: cleanLine(document.title ?? document.description ?? ""),
      filename: ocdsDocumentFilename(document, position, new URL(url)),
      source_url: url,
      content_type: document.format?.trim() || null,
    });
  }
  return attachments;
}

function isHttpUrlText(text: string | null | undefined): text is string {
  return typeof text === "string" && isHttpUrl(text.trim());
}
