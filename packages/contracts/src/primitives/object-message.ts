import type * as v from "valibot";

/**
 * Message for every issue a `v.strictObject` raises itself: an unknown field (valibot checks
 * own keys, so `__proto__` and `constructor` from `JSON.parse` count too), a missing field, or
 * a value that is not an object. The issue path already names the field.
 */
export const objectMessage: v.ErrorMessage<v.StrictObjectIssue> = (issue) => {
  if (issue.expected === "never") return "Unknown field is not allowed";
  if (issue.received === "undefined" && issue.expected?.startsWith('"')) return "Required field is missing";
  return "Must be an object";
};
