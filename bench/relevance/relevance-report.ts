// The relevance benchmark's figures per mode: per query set, per query language, and for the
// query language ≠ notice language (cross-language) answers.
import type { CorpusNotice } from "./load-corpus.ts";
import { languageGroup, type RelevanceQuery, relevantNotices } from "./relevance-judgments.ts";
import { meanFigures, type QueryFigures, queryFigures } from "./relevance-metrics.ts";

export interface ReportRow {
  mode: string;
  set: string;
  /** `all`, a language (`en`), or `cross` (relevant notices in other languages than the query's). */
  group: string;
  queries: number;
  ndcg: number;
  mrr: number;
  hit: number;
}

/** The answers of one mode: each query id's distinct tenders (publication numbers), best first. */
export type ModeAnswers = ReadonlyMap<string, readonly string[]>;

/**
 * One row per mode and set (`all`), per set and query language, and per set for its
 * cross-language answers: the answer without the notices in the query's language, judged against
 * the relevant notices in other languages (queries with none are left out). Queries without a
 * relevant notice in the corpus are left out everywhere.
 */
export function relevanceReport(
  corpus: readonly CorpusNotice[],
  queries: readonly RelevanceQuery[],
  answers: ReadonlyMap<string, ModeAnswers>,
): ReportRow[] {
  const languageOf = new Map(corpus.map((notice) => [notice.id, notice.language.toLowerCase()]));
  const rows: ReportRow[] = [];
  for (const [mode, byQuery] of answers) {
    const groups = new Map<string, QueryFigures[]>();
    const add = (set: string, group: string, figures: QueryFigures) => {
      const key = `${set}\u0000${group}`;
      groups.set(key, [...(groups.get(key) ?? []), figures]);
    };
    for (const query of queries) {
      const ranked = byQuery.get(query.id);
      const relevant = relevantNotices(query, corpus);
      if (ranked === undefined || relevant.size === 0) continue;
      add(query.set, "all", queryFigures(ranked, relevant));
      const language = languageGroup(query.language);
      if (language === undefined) continue;
      add(query.set, language, queryFigures(ranked, relevant));
      const other = (id: string) => languageOf.get(id) !== language;
      const relevantElsewhere = new Set([...relevant].filter(other));
      if (relevantElsewhere.size > 0)
        add(query.set, "cross", queryFigures(ranked.filter(other), relevantElsewhere));
    }
    for (const [key, figures] of groups) {
      const [set, group] = key.split("\u0000") as [string, string];
      rows.push({ mode, set, group, ...meanFigures(figures) });
    }
  }
  return rows.sort(
    (a, b) =>
      a.mode.localeCompare(b.mode) ||
      a.set.localeCompare(b.set) ||
      groupOrder(a.group) - groupOrder(b.group) ||
      a.group.localeCompare(b.group),
  );
}

const groupOrder = (group: string) => (group === "all" ? 0 : group === "cross" ? 2 : 1);

/** The rows as an aligned text table. */
export function formatReport(rows: readonly ReportRow[]): string {
  const header = ["mode", "set", "group", "queries", "nDCG@10", "MRR", "hit@10"];
  const lines = rows.map((r) => [
    r.mode,
    r.set,
    r.group,
    String(r.queries),
    r.ndcg.toFixed(3),
    r.mrr.toFixed(3),
    r.hit.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 3 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}
