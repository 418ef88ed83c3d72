import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { NonEmptyString } from "../primitives/trimmed-string.js";
import { ErrorCode } from "./error-code.js";
import { RequestId } from "./request-id.js";

/** One problem of a `validation_error`: `details` is a list of these. */
export const ValidationIssue = v.strictObject({ path: v.string(), message: NonEmptyString }, objectMessage);
export type ValidationIssue = v.InferOutput<typeof ValidationIssue>;

/** The one error envelope of the API (docs/api.md#errors). `details` is always present, `null` when empty. */
export const ErrorResponse = v.strictObject(
  {
    error: v.strictObject(
      {
        code: ErrorCode,
        message: NonEmptyString,
        request_id: RequestId,
        details: v.pipe(
          v.unknown(),
          v.metadata({ description: "null, or for validation_error a list of {path, message}." }),
        ),
      },
      objectMessage,
    ),
  },
  objectMessage,
);
export type ErrorResponse = v.InferOutput<typeof ErrorResponse>;
