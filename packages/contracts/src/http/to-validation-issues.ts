import type * as v from "valibot";
import type { ValidationIssue } from "./error-response.js";

function pointer(issue: v.BaseIssue<unknown>): string {
  const keys = issue.path?.map((item) => String(item.key).replaceAll("~", "~0").replaceAll("/", "~1")) ?? [];
  return `/${keys.join("/")}`;
}

/**
 * valibot issues as the `details` of a `validation_error`: one `{path, message}` per problem,
 * `path` a JSON pointer (`/attachments/0/source_url`; `/` for the value itself).
 */
export function toValidationIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: pointer(issue), message: issue.message }));
}
