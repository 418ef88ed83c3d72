import * as v from "valibot";
import { countCodePoints } from "./code-points.js";

/** Wire pattern of a trimmed, non-empty string: it starts and ends with a non-whitespace character. */
export const TRIMMED_PATTERN = "^\\S(?:[\\s\\S]*\\S)?$";

/**
 * A required string: surrounding whitespace is removed (the output is trimmed) and the rest
 * must not be empty. On the wire (JSON Schema) it is the trimmed form.
 */
export const TrimmedString = v.pipe(
  v.string("Must be a string"),
  v.trim(),
  v.minLength(1, "Must not be empty or whitespace only"),
  v.metadata({ pattern: TRIMMED_PATTERN }),
);
export type TrimmedString = v.InferOutput<typeof TrimmedString>;

/** A trimmed, non-empty string of at most `maxCodePoints` Unicode code points. */
export function boundedTrimmedString(maxCodePoints: number) {
  return v.pipe(
    v.string("Must be a string"),
    v.trim(),
    v.minLength(1, "Must not be empty or whitespace only"),
    v.check(
      (text) => countCodePoints(text) <= maxCodePoints,
      `Must be at most ${maxCodePoints} characters long`,
    ),
    v.metadata({ pattern: TRIMMED_PATTERN, maxLength: maxCodePoints }),
  );
}

/** Attachment file name: trimmed, 1..255 characters. */
export const Filename = boundedTrimmedString(255);
export type Filename = v.InferOutput<typeof Filename>;

/**
 * Optional text (`string | null`): trimmed, and a string that is empty after trimming becomes
 * `null`, so "no value" has one spelling.
 */
export const NullableText = v.nullable(
  v.pipe(
    v.string("Must be a string or null"),
    v.trim(),
    v.transform((text): string | null => (text === "" ? null : text)),
    v.metadata({ pattern: TRIMMED_PATTERN }),
  ),
);
export type NullableText = v.InferOutput<typeof NullableText>;

/** Optional text like `NullableText`, of at most `maxCodePoints` Unicode code points after trimming. */
export function boundedNullableText(maxCodePoints: number) {
  return v.nullable(
    v.pipe(
      v.string("Must be a string or null"),
      v.trim(),
      v.check(
        (text) => countCodePoints(text) <= maxCodePoints,
        `Must be at most ${maxCodePoints} characters long`,
      ),
      v.transform((text): string | null => (text === "" ? null : text)),
      v.metadata({ pattern: TRIMMED_PATTERN, maxLength: maxCodePoints }),
    ),
  );
}

/** A non-empty string kept exactly as given (fragment text, answers, messages). */
export const NonEmptyString = v.pipe(v.string("Must be a string"), v.minLength(1, "Must not be empty"));
export type NonEmptyString = v.InferOutput<typeof NonEmptyString>;
