import type { Generated, Insertable, Selectable } from "kysely";

/** Why an attachment, or an entry inside an archive attachment, gave no text to index. */
export interface ExtractionFailuresTable {
  id: Generated<string>;
  tender_id: string;
  attachment_id: string;
  /** Path inside an archive; empty for the attachment itself. */
  entry: Generated<string>;
  /** Short code: `empty`, `unsupported`, `encrypted`, `corrupt`, `limit_exceeded`, `timeout`, ... */
  reason: string;
  /** One safe sentence for operators. */
  detail: string;
  /** Digest of the file the failure applies to. */
  attachment_sha256: string | null;
  recorded_at: Generated<Date>;
}
export type ExtractionFailureRow = Selectable<ExtractionFailuresTable>;
export type NewExtractionFailureRow = Insertable<ExtractionFailuresTable>;
