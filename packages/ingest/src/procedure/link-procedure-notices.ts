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
  /** The source that published it (its id); absent: the procedure's own. */
  source?: string;
  /** Its buyer keys (`noticeBuyerKeys`); absent or empty: it names no buyer. */
  buyers?: readonly string[];
}

/** Where a notice stands in its procedure. */
export interface NoticeLink {
  /** The next version of the same notice; null: it is current. */
  supersededBy: string | null;
  /** What it changed against the version it replaces; null: it replaces none. */
  changes: NoticeChange[] | null;
  /**
   * It stands beside the procedure's own notices (another source, or another buyer): never the
   * procedure's current notice, and no `changed` or `cancelled` follow-up.
   */
  beside: boolean;
}

/**
 * Links the notices of one procedure (docs/records.md#procedures). A notice and every notice that
 * names it as replaced, directly or down a chain, are versions of one notice: the root first, the
 * rest oldest first (publication time, then `external_id`); each version is superseded by the
 * next and its changes are those against the previous one. A notice naming one that is not
 * stored (yet) is a root until it arrives. A `change` that names nothing (an OCDS
 * `tenderAmendment` without `amendsReleaseID`) replaces the latest older `competition` or `change`
 * of the procedure (the notice it changes), if any. A notice is a version only of one of the same
 * source published for the same buyer (`sameBuyer`: the one it names and the one that one is a
 * version of), so another publisher cannot change or cancel it;
 * those of another source than `home` (the procedure's), or of no buyer in common with the
 * procedure's oldest notice of `home`, stand beside. Depends on the set only, never on arrival
 * order, so a notice that arrives out of order ends in the same state as in order. Linear in the
 * notices after sorting them: a procedure of thousands of versions is linked on every notice
 * that joins it.
 */
export function linkProcedureNotices(
  notices: readonly ProcedureNotice[],
  home?: string,
): Map<string, NoticeLink> {
  const ordered = [...notices].sort(olderFirst);
  const rank = new Map(ordered.map((n, index) => [n, index]));
  const byExternalId = new Map(ordered.map((n) => [`${n.source ?? ""}\n${n.externalId}`, n]));
  const named = new Map<ProcedureNotice, ProcedureNotice>();
  // The latest call or change so far of each source and buyer key: a change naming none replaces it.
  const previousCall = new Map<string, ProcedureNotice>();
  const callKeys = (n: ProcedureNotice) => buyersOf(n).map((b) => `${n.source ?? ""}\n${b}`);
  for (const notice of ordered) {
    let replaced: ProcedureNotice | undefined;
    if (notice.supersedes !== null) {
      replaced = byExternalId.get(`${notice.source ?? ""}\n${notice.supersedes}`);
      if (replaced !== undefined && !sameBuyer(notice, replaced)) replaced = undefined;
    } else if (notice.kind === "change") {
      for (const key of callKeys(notice)) {
        const call = previousCall.get(key);
        if (
          call !== undefined &&
          (replaced === undefined || (rank.get(call) ?? 0) > (rank.get(replaced) ?? 0))
        )
          replaced = call;
      }
    }
    if (replaced !== undefined && replaced !== notice) named.set(notice, replaced);
    if (notice.kind === "competition" || notice.kind === "change")
      for (const key of callKeys(notice)) previousCall.set(key, notice);
  }
  const roots = rootsOf(ordered, named, rank);
  const versions = new Map<ProcedureNotice, ProcedureNotice[]>();
  for (const notice of ordered) {
    const root = roots.get(notice) as ProcedureNotice;
    const list = versions.get(root);
    if (list === undefined) versions.set(root, [notice]);
    else list.push(notice);
  }
  const founder = ordered.find((n) => (n.source ?? "") === (home ?? ordered[0]?.source ?? ""));
  const beside = (n: ProcedureNotice) => founder === undefined || !sameBuyer(n, founder);
  const links = new Map<string, NoticeLink>();
  for (const [root, list] of versions) {
    const chain = [root, ...list.filter((n) => n !== root)];
    chain.forEach((notice, index) => {
      const previous = chain[index - 1];
      links.set(notice.id, {
        supersededBy: chain[index + 1]?.id ?? null,
        changes: previous === undefined ? null : noticeChanges(previous, notice),
        beside: beside(notice),
      });
    });
  }
  return links;
}

/**
 * Whether two notices may be versions of one another: the same source and a buyer key in common
 * (any one, for joint procurement), or both naming no buyer.
 */
export function sameBuyer(a: ProcedureNotice, b: ProcedureNotice): boolean {
  if ((a.source ?? "") !== (b.source ?? "")) return false;
  const theirs = new Set(buyersOf(b));
  return buyersOf(a).some((key) => theirs.has(key));
}

// A notice naming no buyer is keyed "" so that it meets only notices naming none.
const buyersOf = (n: ProcedureNotice): readonly string[] =>
  n.buyers === undefined || n.buyers.length === 0 ? [""] : n.buyers;

/**
 * The notice each one is a version of: the end of its chain of replaced notices (in a loop, the
 * oldest notice of the loop), as long as it shares a buyer with that notice (`sameBuyer`), else
 * itself. Each notice names at most one, so one walk per notice, stopping where an earlier walk
 * ended and resolved backwards, visits each notice once: linear, however long the chain.
 */
function rootsOf(
  ordered: readonly ProcedureNotice[],
  named: ReadonlyMap<ProcedureNotice, ProcedureNotice>,
  rank: ReadonlyMap<ProcedureNotice, number>,
): Map<ProcedureNotice, ProcedureNotice> {
  const roots = new Map<ProcedureNotice, ProcedureNotice>();
  const versionOf = (notice: ProcedureNotice, root: ProcedureNotice) =>
    sameBuyer(notice, root) ? root : notice;
  for (const start of ordered) {
    if (roots.has(start)) continue;
    const path: ProcedureNotice[] = [];
    const onPath = new Map<ProcedureNotice, number>();
    let loopStart = -1;
    let resolved = false;
    for (let current: ProcedureNotice | undefined = start; current !== undefined; ) {
      if (roots.has(current)) {
        resolved = true;
        break;
      }
      const seen = onPath.get(current);
      if (seen !== undefined) {
        loopStart = seen;
        break;
      }
      onPath.set(current, path.length);
      path.push(current);
      current = named.get(current);
    }
    let i = path.length - 1;
    if (loopStart >= 0) {
      // A loop: its oldest notice is the one the others are versions of.
      const loop = path.slice(loopStart);
      const oldest = loop.reduce((a, b) => ((rank.get(a) ?? 0) <= (rank.get(b) ?? 0) ? a : b));
      for (const notice of loop) roots.set(notice, versionOf(notice, oldest));
      i = loopStart - 1;
    } else if (!resolved) {
      const end = path[i] as ProcedureNotice;
      roots.set(end, end);
      i -= 1;
    }
    for (; i >= 0; i--) {
      const notice = path[i] as ProcedureNotice;
      const next = roots.get(named.get(notice) as ProcedureNotice) as ProcedureNotice;
      roots.set(notice, versionOf(notice, next));
    }
  }
  return roots;
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
