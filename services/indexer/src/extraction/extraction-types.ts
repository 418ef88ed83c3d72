/** Why a file, or an entry inside an archive, gave no (or only part of its) text. */
export const FAILURE_REASONS = [
  "empty",
  "unsupported",
  "encrypted",
  "corrupt",
  "limit_exceeded",
  "truncated",
  "timeout",
  "out_of_memory",
  "crashed",
  "missing_file",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Text from one place of a document; `section` names the place (`spec.pdf · page 3`). */
export interface TextSegment {
  section: string;
  text: string;
}

/** A recorded failure; `entry` is the path inside an archive, empty for the file itself. */
export interface ExtractionFailure {
  entry: string;
  reason: FailureReason;
  detail: string;
}

/** Everything one attachment gave: its text, and what could not be read. */
export interface ExtractionResult {
  segments: TextSegment[];
  failures: ExtractionFailure[];
}

/** One attachment to read. */
export interface ExtractInput {
  bytes: Uint8Array;
  /** Shown in sections; sanitized before use. */
  filename: string;
  contentType: string | null;
}

/** Reads attachments; never rejects for a bad file (that is a recorded failure). */
export interface Extractor {
  extract(input: ExtractInput): Promise<ExtractionResult>;
  close(): Promise<void>;
}
