// Relevance of Search on real TED notices (README.md of this folder): ingests the corpus into a
// scratch database with `tender ingest`'s function, indexes it with the indexer's own code and the
// configured AI provider, runs every development query through the gateway's Search route and
// prints nDCG@10, MRR and hit@10 over the distinct tenders of each answer.
// Usage (after `pnpm build`): node bench/relevance/relevance.ts [modes, default vector] [notices] [queries]
//   modes: comma list, e.g. vector,hybrid; notices/queries: the first N of each file (default all).
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the admin database;
// AI_PROVIDER, AI_BASE_URL, AI_EMBED_MODEL, … choose the embedding model as for the services (fake by default);
// MIN_RELEVANCE_SCORE (0.2), INDEX_CONCURRENCY (2) and EMBED_BATCH_SIZE (32) as the services read them.
import { loadavg } from "node:os";
import { aiProviderConfigFromEnv, createAiProvider } from "../../packages/ai/dist/index.js";
import { AiEnv, loadConfig } from "../../packages/config/dist/index.js";
import { loadCorpus } from "./load-corpus.ts";
import { loadQueries } from "./relevance-judgments.ts";
import { formatReport } from "./relevance-report.ts";
import { runRelevance } from "./run-relevance.ts";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");

const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const modes = (process.argv[2] ?? "vector").split(",").filter((mode) => mode !== "");
const noticeCount = process.argv[3] ? Number(process.argv[3]) : undefined;
const queryCount = process.argv[4] ? Number(process.argv[4]) : undefined;
const ai = createAiProvider(aiProviderConfigFromEnv(loadConfig(AiEnv, process.env)));
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const notices = loadCorpus().slice(0, noticeCount);
const queries = loadQueries().slice(0, queryCount);
const load = loadavg()[0]?.toFixed(2);
console.log(
  `${notices.length} notices, ${queries.length} queries, modes ${modes.join(", ")}, embedding model ${ai.embedModel} (load average before: ${load})`,
);
const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_relevance");
try {
  const result = await runRelevance({
    db,
    ai,
    notices,
    queries,
    modes,
    index: { concurrency: number("INDEX_CONCURRENCY", 2), embedBatchSize: number("EMBED_BATCH_SIZE", 32) },
    search: { minRelevanceScore: number("MIN_RELEVANCE_SCORE", 0.2), fragments: 10 },
    progress: (line) => console.log(line),
  });
  console.log(formatReport(result.rows));
  console.log(`load average after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await drop();
}
