// The development queries (data/dev-queries.jsonl.gz) and what each counts as relevant, from the
// buyers' own CPV classification or the notice ids the query names (data/SOURCES.md).
import { type CorpusNotice, readJsonLinesGz } from "./load-corpus.ts";

export interface RelevanceQuery {
  id: string;
  /** `cpv-label`, `title-same-cpv4`, `buyer-name` or `notice-number`. */
  set: string;
  /** The query's language where it applies (`eng` for labels, `FR` for titles); absent otherwise. */
  language?: string;
  query: string;
  relevant: { cpv_prefix?: string; cpv4_main?: string; ids?: string[] };
}

/** The development queries of this folder. */
export const DEV_QUERIES_PATH = new URL("./data/dev-queries.jsonl.gz", import.meta.url);

/** Every development query, in file order (900). */
export function loadQueries(path: URL | string = DEV_QUERIES_PATH): RelevanceQuery[] {
  return readJsonLinesGz<RelevanceQuery>(path);
}

/**
 * The corpus notices (publication numbers) relevant to a query: `cpv_prefix` — the notice's main
 * or a lot code starts with it; `cpv4_main` — its main code shares these four digits; `ids` — those
 * notices. Notices outside `corpus` never count.
 */
export function relevantNotices(query: RelevanceQuery, corpus: readonly CorpusNotice[]): Set<string> {
  const { cpv_prefix: prefix, cpv4_main: class4, ids } = query.relevant;
  const known = new Set(corpus.map((notice) => notice.id));
  const relevant = new Set<string>((ids ?? []).filter((id) => known.has(id)));
  for (const notice of corpus) {
    const codes = [notice.cpv_main, ...notice.cpv_lots];
    if (prefix !== undefined && codes.some((code) => code.startsWith(prefix))) relevant.add(notice.id);
    if (class4 !== undefined && notice.cpv_main.startsWith(class4)) relevant.add(notice.id);
  }
  return relevant;
}

/** Two-letter lower-case language of a query or notice (`eng` → `en`, `FR` → `fr`), for grouping. */
export function languageGroup(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const code = language.toLowerCase();
  return THREE_TO_TWO[code] ?? code;
}

const THREE_TO_TWO: Record<string, string> = { eng: "en", deu: "de", fra: "fr", pol: "pl", ita: "it" };
