import formatsModule from "ajv-formats";
import * as v from "valibot";
import { countCodePoints } from "./code-points.js";

// The wire validators use ajv-formats' RFC 3986 `uri` format; reusing the same check here keeps
// every URL valibot accepts valid on the wire too (`new URL` alone accepts spaces, `|`, `^`...).
const rfc3986Uri = formatsModule.default.get("uri", "full");

/** True for an absolute `http://` or `https://` URL with a host that is valid RFC 3986. */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//.test(text) || !URL.canParse(text)) return false;
  if (new URL(text).hostname === "") return false;
  return typeof rfc3986Uri === "function" ? rfc3986Uri(text) === true : true;
}

/** Absolute http(s) URL, trimmed, otherwise kept exactly as given (not re-serialized). */
export const HttpUrl = v.pipe(
  v.string("Must be a string"),
  v.trim(),
  v.check(isHttpUrl, "Must be an absolute http(s) URL"),
  v.metadata({ format: "uri", pattern: "^https?://" }),
);
export type HttpUrl = v.InferOutput<typeof HttpUrl>;

/**
 * `HttpUrl` of at most `maxCodePoints` characters after trimming. A longer value reports only
 * its length: the URL check is not run on it.
 */
export function boundedHttpUrl(maxCodePoints: number) {
  const tooLong = (text: string) => countCodePoints(text) > maxCodePoints;
  return v.pipe(
    v.string("Must be a string"),
    v.trim(),
    v.check((text) => !tooLong(text), `Must be at most ${maxCodePoints} characters long`),
    v.check((text) => tooLong(text) || isHttpUrl(text), "Must be an absolute http(s) URL"),
    v.metadata({ format: "uri", pattern: "^https?://", maxLength: maxCodePoints }),
  );
}
