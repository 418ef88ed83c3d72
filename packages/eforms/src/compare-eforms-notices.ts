import type { EformsMoney, EformsNoticeV1 } from "./eforms-notice-v1.js";

/** One thing a later notice changed against the notice it supersedes. */
export type EformsNoticeChange =
  | { field: "title" | "deadline"; from: string | null; to: string | null }
  | { field: "amount"; from: EformsMoney | null; to: EformsMoney | null }
  | { field: "documents"; added: string[]; removed: string[] };

function sameMoney(a: EformsMoney | null, b: EformsMoney | null): boolean {
  return a?.amount === b?.amount && a?.currency === b?.currency;
}

/**
 * What `after` changed against `before`: title, submission deadline, estimated value and document
 * links added or removed, in that order; empty when a person would see no difference.
 */
export function compareEformsNotices(
  before: Pick<EformsNoticeV1, "title" | "deadline" | "estimatedValue" | "documents">,
  after: Pick<EformsNoticeV1, "title" | "deadline" | "estimatedValue" | "documents">,
): EformsNoticeChange[] {
  const changes: EformsNoticeChange[] = [];
  if (before.title !== after.title) changes.push({ field: "title", from: before.title, to: after.title });
  if (before.deadline !== after.deadline)
    changes.push({ field: "deadline", from: before.deadline, to: after.deadline });
  if (!sameMoney(before.estimatedValue, after.estimatedValue)) {
    changes.push({ field: "amount", from: before.estimatedValue, to: after.estimatedValue });
  }
  const added = after.documents.filter((link) => !before.documents.includes(link));
  const removed = before.documents.filter((link) => !after.documents.includes(link));
  if (added.length > 0 || removed.length > 0) changes.push({ field: "documents", added, removed });
  return changes;
}
