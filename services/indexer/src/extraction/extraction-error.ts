import type { FailureReason } from "./extraction-types.js";

/** A file that cannot be read, with the reason to record. The message is safe to store and show operators. */
export class ExtractionError extends Error {
  override readonly name = "ExtractionError";
  readonly reason: FailureReason;

  constructor(reason: FailureReason, detail: string) {
    super(detail);
    this.reason = reason;
  }
}
