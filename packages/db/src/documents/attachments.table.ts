import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export type DownloadStatus = "pending" | "failed" | "ready" | "skipped";

export interface AttachmentsTable {
  id: Generated<string>;
  tender_id: string;
  external_id: string | null;
  title: string | null;
  filename: string;
  content_type: string | null;
  source_url: string;
  /**
   * Storage key set by the downloader; never leaves the services. On a requeued (`pending` or
   * `failed`) row it still names the superseded object until a new download replaces and deletes it.
   */
  local_path: string | null;
  sha256: string | null;
  size_bytes: number | null;
  download_status: ColumnType<DownloadStatus, DownloadStatus | undefined, DownloadStatus>;
  last_error: string | null;
  /** Failed downloads since the last successful one (the downloader's backoff). */
  download_failures: Generated<number>;
  /** A `pending` attachment is not downloaded before this time (it failed recently). */
  next_download_at: Date | null;
  /** The downloader holding the download (random token), until `claim_expires_at`. */
  claim_token: Generated<string | null>;
  claim_expires_at: Generated<Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type AttachmentRow = Selectable<AttachmentsTable>;
export type NewAttachmentRow = Insertable<AttachmentsTable>;
export type AttachmentUpdate = Updateable<AttachmentsTable>;
