import type { NoticeChange, NoticeKind } from "@tender/contracts";

/** A stored notice of one procedure, as linking reads it. */
export interface ProcedureNotice {
  id: string;
  externalId: string;
  kind: NoticeKind;
  /**
   * The `external_id` it names as replaced; null: none (a `change` naming none replaces the
   * procedure's previous call or change).
   */
  supersedes: string | null;
  /** UTC timestamp. */
  publishedAt: string;
  title: string;
  /** UTC timestamp or null. */
  deadline: string | null;
  amount: string | null;
  currency: string | null;
  /** Its documents (file names), in any order. */
  documents: readonly string[];
}

/** Where a notice stands in its procedure. */
export interface NoticeLink {
  /** The next version of the same notice; null: it is current. */
  supersededBy: string | null;
  /** What it changed against the version it replaces; null: it replaces none. */
  changes: NoticeChange[] | null;
}

/**
 * Links the notices of one procedure (docs/records.md#procedures). A notice and every notice that
 * names it as replaced, directly or down a chain, are versions of one notice: the root first, the
 * rest oldest first (publication time, then `external_id`); each version is superseded by the
 * next and its changes are those against the previous one. A notice naming one that is not
 * stored (yet) is a root until it arrives. A `change` that names nothing (an OCDS
 * `tenderAmendment` without `amendsReleaseID`) replaces the latest older `competition` or `change`
 * of the procedure (the notice it changes), if any. Depends on the set only, never on arrival
 * order, so a notice that arrives out of order ends in the same state as in order.
 */
export function linkProcedureNotices(notices: readonly ProcedureNotice[]): Map<string, NoticeLink> {
  const ordered = [...notices].sort(olderFirst);
  const byExternalId = new Map(ordered.map((n) => [n.externalId, n]));
  const named = new Map<ProcedureNotice, ProcedureNotice>();
  let previousCall: ProcedureNotice | undefined;
  for (const notice of ordered) {
    const replaced =
      notice.supersedes !== null
        ? byExternalId.get(notice.supersedes)
        : notice.kind === "change"
          ? previousCall
          : undefined;
    if (replaced !== undefined && replaced !== notice) named.set(notice, replaced);
    if (notice.kind === "competition" || notice.kind === "change") previousCall = notice;
  }
  const versions = new Map<string, ProcedureNotice[]>();
  for (const notice of ordered) {
    const root = rootOf(notice, named);
    versions.set(root.id, [...(versions.get(root.id) ?? []), notice]);
  }
  const links = new Map<string, NoticeLink>();
  for (const [rootId, list] of versions) {
    const chain = [...list.filter((n) => n.id === rootId), ...list.filter((n) => n.id !== rootId)];
    chain.forEach((notice, index) => {
      const previous = chain[index - 1];
      links.set(notice.id, {
        supersededBy: chain[index + 1]?.id ?? null,
        changes: previous === undefined ? null : noticeChanges(previous, notice),
      });
    });
  }
  return links;
}

/** The end of the chain of replaced notices; in a loop, the oldest notice of the loop. */
function rootOf(
  notice: ProcedureNotice,
  named: ReadonlyMap<ProcedureNotice, ProcedureNotice>,
): ProcedureNotice {
  const path: ProcedureNotice[] = [];
  let current = notice;
  for (;;) {
    const seen = path.indexOf(current);
    if (seen >= 0) return path.slice(seen).sort(olderFirst)[0] as ProcedureNotice;
    path.push(current);
    const replaced = named.get(current);
    if (replaced === undefined) return current;
    current = replaced;
  }
}

/** What `after` changed against `before`: title, deadline, amount, documents added and removed. */
export function noticeChanges(before: ProcedureNotice, after: ProcedureNotice): NoticeChange[] {
  const changes: NoticeChange[] = [];
  const amount = (n: ProcedureNotice) =>
    n.amount === null ? null : `${n.amount} ${n.currency ?? ""}`.trim();
  for (const [field, from, to] of [
    ["title", before.title, after.title],
    ["deadline", before.deadline, after.deadline],
    ["amount", amount(before), amount(after)],
  ] as const) {
    if (from !== to) changes.push({ field, from, to });
  }
  const added = [...new Set(after.documents)].filter((d) => !before.documents.includes(d)).sort();
  const removed = [...new Set(before.documents)].filter((d) => !after.documents.includes(d)).sort();
  if (added.length > 0) changes.push({ field: "documents_added", from: null, to: added });
  if (removed.length > 0) changes.push({ field: "documents_removed", from: removed, to: null });
  return changes;
}

function olderFirst(a: ProcedureNotice, b: ProcedureNotice): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? -1 : 1;
  return a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0;
}
