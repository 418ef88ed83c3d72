import { unstorableTextProblem } from "@tender/contracts";
import * as v from "valibot";
import { EFORMS_LIMITS } from "../eforms-limits.js";
import { EformsNoticeV1 } from "../eforms-notice-v1.js";
import type { EformsParseResult } from "../parse-eforms-notice.js";

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * What is wrong with an answer of `parseEformsNotice` (default limits), `[]` when nothing: a
 * refusal has a one-sentence message; a summary is schema-valid, every text in it storable, on
 * one line and bounded, lots and notes within their caps.
 */
export function eformsResultViolations(result: EformsParseResult): string[] {
  if (!result.ok) {
    return result.message.length > 10 && result.message.length < 400
      ? []
      : [`message of ${result.message.length} characters: ${result.message.slice(0, 200)}`];
  }
  const violations = (v.safeParse(EformsNoticeV1, result.notice).issues ?? []).map(
    (issue) => `schema: ${issue.message} at ${issue.path?.map((item) => item.key).join(".")}`,
  );
  for (const text of strings(result.notice)) {
    const problem = unstorableTextProblem(text);
    if (problem !== null) violations.push(`text ${problem}`);
    if (/\p{Cc}/u.test(text))
      violations.push(`text has a control character: ${JSON.stringify(text.slice(0, 80))}`);
    if ([...text].length > 4096) violations.push(`text longer than 4,096 characters: ${text.slice(0, 80)}`);
  }
  if (result.notice.lots.length > EFORMS_LIMITS.maxLots) violations.push("more lots than maxLots");
  if (result.notice.truncation.length > 21) violations.push("more than 21 truncation notes");
  if (result.notice.problems.length > 21) violations.push("more than 21 problems");
  return violations;
}
