// Quality of similar contracts on the relevance corpus (issue 35's bar; docs/benchmarks.md): ingest
// and index the 3,067 real TED notices with the shared loader and pipeline (bench/relevance), then
// for each contract notice (type 3) take its top 10 similar award notices three ways — the
// gateway's GET /tenders/{id}/similar (CPV and text), the same ranking with CPV left out (text
// alone) and a plain BM25 over the same metadata text — and average the share of them in the
// notice's CPV class (first four digits, main or lot code) over min(10, such award notices).
// Usage (after `pnpm build`): node bench/similar/similar-quality.ts [notices]
// DATABASE_URL names the admin database; AI_PROVIDER etc. choose the embedding model (fake by default).

import { loadavg } from "node:os";
import { sql } from "kysely";
import { aiProviderConfigFromEnv, createAiProvider } from "../../packages/ai/dist/index.js";
import { AiEnv, loadConfig } from "../../packages/config/dist/index.js";
import { listSimilarAwardNotices } from "../../packages/db/dist/index.js";
import { loadCorpus } from "../relevance/load-corpus.ts";
import { createBenchGateway, indexCorpus, ingestCorpus } from "../relevance/relevance-pipeline.ts";
import { bm25Index } from "./bm25.ts";

const scratch = (await import(`../scratch-database${".ts"}`)) as typeof import("../scratch-database.js");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ai = createAiProvider(aiProviderConfigFromEnv(loadConfig(AiEnv, process.env)));
const minScore = Number(process.env.MIN_RELEVANCE_SCORE ?? 0.2);
const notices = loadCorpus().slice(0, process.argv[2] ? Number(process.argv[2]) : undefined);
console.log(
  `${notices.length} notices, embedding model ${ai.embedModel} (load average before: ${loadavg()[0]?.toFixed(2)})`,
);

const { db, drop } = await scratch.createScratchDatabase(adminUrl, "tender_bench_similar");
try {
  await ingestCorpus(db, notices);
  console.log(`indexed ${await indexCorpus(db, ai, { concurrency: 2, embedBatchSize: 32 })} tenders`);
  // The words' rarity comes from the statistics autovacuum keeps; a database filled a second ago may lack them.
  await sql`ANALYZE chunks`.execute(db);
  const rows = await db
    .selectFrom("tenders")
    .select(["id", "external_id", "title", "kind", "procedure_id", "cpv_codes", "superseded_by"])
    .execute();
  const texts = new Map(
    (
      await db
        .selectFrom("chunks")
        .select(["tender_id", "content"])
        .where("attachment_id", "is", null)
        .orderBy("tender_id")
        .orderBy("position")
        .execute()
    ).map((c) => [c.tender_id, c.content]),
  );
  const type = new Map(notices.map((n) => [n.id, n.document_type]));
  // What /similar answers with: current result and modification notices (so the share is never over 1).
  const awards = rows.filter(
    (r) => (r.kind === "result" || r.kind === "modification") && r.superseded_by === null,
  );
  const awardIds = new Set(awards.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const classes = (codes: readonly string[]) => new Set(codes.map((c) => c.slice(0, 4)));
  const bm25 = bm25Index(new Map(awards.map((a) => [a.id, texts.get(a.id) ?? ""])));
  const { app, key } = await createBenchGateway(db, ai, minScore, "similar-bench");
  const sums = { full: 0, text: 0, bm25: 0 };
  let measured = 0;
  let withoutClass = 0;
  const started = performance.now();
  for (const tender of rows.filter((r) => type.get(r.external_id) === "3")) {
    const mine = classes(tender.cpv_codes);
    const other = (id: string) => {
      const row = byId.get(id);
      return (
        row !== undefined &&
        row.id !== tender.id &&
        (tender.procedure_id === null || row.procedure_id !== tender.procedure_id)
      );
    };
    const inClass = (id: string) => [...classes(byId.get(id)?.cpv_codes ?? [])].some((c) => mine.has(c));
    const possible = awards.filter((a) => other(a.id) && inClass(a.id)).length;
    if (possible === 0) {
      withoutClass += 1;
      continue;
    }
    const share = (ids: readonly string[]) =>
      ids.slice(0, 10).filter(inClass).length / Math.min(10, possible);
    const response = await app.request(`/api/v1/tenders/${tender.id}/similar?limit=10`, {
      headers: { "x-api-key": key },
    });
    if (response.status !== 200)
      throw new Error(`similar answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { items: { notice: { id: string } }[] };
    const textOnly = await listSimilarAwardNotices(db, {
      like: { tenderId: tender.id },
      words: tender.title,
      model: ai.embedModel,
      cpvCodes: [],
      countries: [],
      value: null,
      excludeProcedureId: tender.procedure_id,
      excludeTenderId: tender.id,
      minTextScore: -1,
      now: new Date(),
      limit: 10,
    });
    sums.full += share(page.items.map((i) => i.notice.id));
    sums.text += share(textOnly.map((r) => r.id));
    sums.bm25 += share(bm25.rank(texts.get(tender.id) ?? "", (id) => awardIds.has(id) && other(id)));
    measured += 1;
  }
  const f = (x: number) => (x / Math.max(1, measured)).toFixed(3);
  console.log(
    `contract notices measured: ${measured}; left out (no award notice of their class): ${withoutClass}`,
  );
  console.log(
    `award notices: ${awards.length}; ${((performance.now() - started) / 1000).toFixed(1)} s for the three rankings`,
  );
  console.log(
    `class share of the top 10 / min(10, possible): similar (CPV + text) ${f(sums.full)}, text alone ${f(sums.text)}, BM25 ${f(sums.bm25)}`,
  );
  console.log(`load average after: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await drop();
}
