// One run of the relevance benchmark on a migrated, empty database: ingest, index, search every
// query in every mode, and the report's rows. The entry script (relevance.ts) and the int test share it.
import { sql } from "kysely";
import type { AiProvider } from "../../packages/ai/dist/index.js";
import type { Database } from "../../packages/db/dist/index.js";
import type { CorpusNotice } from "./load-corpus.ts";
import type { RelevanceQuery } from "./relevance-judgments.ts";
import {
  createSearch,
  type IndexOptions,
  indexCorpus,
  ingestCorpus,
  type SearchSettings,
} from "./relevance-pipeline.ts";
import { type ModeAnswers, type ReportRow, relevanceReport } from "./relevance-report.ts";

export interface RelevanceRun {
  db: import("kysely").Kysely<Database>;
  ai: AiProvider;
  notices: readonly CorpusNotice[];
  queries: readonly RelevanceQuery[];
  /** Search modes to measure, e.g. `["vector"]` or `["vector", "hybrid"]`. */
  modes: readonly string[];
  index: IndexOptions;
  search: SearchSettings;
  /** Hears each step's progress (one line). */
  progress?: (line: string) => void;
}

export interface RelevanceResult {
  rows: ReportRow[];
  /** Tenders stored, tenders ready, chunks written. */
  tenders: number;
  ready: number;
  chunks: number;
  seconds: { ingest: number; index: number; search: Record<string, number> };
}

export async function runRelevance(run: RelevanceRun): Promise<RelevanceResult> {
  const say = run.progress ?? (() => {});
  // Every mode is tried on the empty database first, so a mode Search refuses fails the run at once.
  const search = await createSearch(run.db, run.ai, run.search);
  for (const mode of run.modes) await search("relevance benchmark", mode);
  let start = performance.now();
  const report = await ingestCorpus(run.db, run.notices);
  const ingest = (performance.now() - start) / 1000;
  say(`ingested ${report.created} tenders in ${ingest.toFixed(1)} s`);

  start = performance.now();
  const ready = await indexCorpus(run.db, run.ai, run.index);
  const index = (performance.now() - start) / 1000;
  // Hybrid Search reads the words' rarity from the statistics autovacuum keeps; a running
  // installation has them, a database filled a second ago may not yet.
  await sql`ANALYZE chunks`.execute(run.db);
  const { chunks } = await run.db
    .selectFrom("chunks")
    .select((eb) => eb.fn.countAll<string>().as("chunks"))
    .executeTakeFirstOrThrow();
  say(`indexed ${ready} tenders (${chunks} chunks) with ${run.ai.embedModel} in ${index.toFixed(1)} s`);

  const answers = new Map<string, ModeAnswers>();
  const searchSeconds: Record<string, number> = {};
  for (const mode of run.modes) {
    start = performance.now();
    const byQuery = new Map<string, string[]>();
    for (const query of run.queries) byQuery.set(query.id, await search(query.query, mode));
    searchSeconds[mode] = (performance.now() - start) / 1000;
    answers.set(mode, byQuery);
    say(
      `searched ${run.queries.length} queries in mode ${mode} in ${(searchSeconds[mode] as number).toFixed(1)} s`,
    );
  }
  return {
    rows: relevanceReport(run.notices, run.queries, answers),
    tenders: report.created,
    ready,
    chunks: Number(chunks),
    seconds: { ingest, index, search: searchSeconds },
  };
}
