import type { ExtractionLimits } from "./extraction-limits.js";
import type { ExtractionResult } from "./extraction-types.js";

/** One file sent to an extraction child process. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  filename: string;
  contentType: string | null;
  limits: ExtractionLimits;
}

/** The child's answer to the request with the same id. */
export interface WorkerResponse {
  id: number;
  result: ExtractionResult;
}
