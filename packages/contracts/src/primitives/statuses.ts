import * as v from "valibot";

/** Tender `index_status` values (docs/records.md#states). */
export const INDEX_STATUSES = ["pending", "processing", "ready", "failed"] as const;
export const IndexStatus = v.picklist(INDEX_STATUSES, `Must be one of: ${INDEX_STATUSES.join(", ")}`);
export type IndexStatus = v.InferOutput<typeof IndexStatus>;

/** Attachment `download_status` values (docs/records.md#states). */
export const DOWNLOAD_STATUSES = ["pending", "failed", "ready", "skipped"] as const;
export const DownloadStatus = v.picklist(
  DOWNLOAD_STATUSES,
  `Must be one of: ${DOWNLOAD_STATUSES.join(", ")}`,
);
export type DownloadStatus = v.InferOutput<typeof DownloadStatus>;
