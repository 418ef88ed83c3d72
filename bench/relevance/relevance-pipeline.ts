// The relevance benchmark's pipeline, through the service's own code: the corpus goes in through
// `tender ingest`'s function (importTenderRecords with the TED source's facets and procedures), the
// indexer's `indexTender` indexes every tender with the given AI provider, and each query goes
// through the gateway's Search route (createApp, in process) with an API key of its own.
import type { AiProvider } from "../../packages/ai/dist/index.js";
import { createApiKey, type Database } from "../../packages/db/dist/index.js";
import { type ImportReport, importTenderRecords } from "../../packages/ingest/dist/index.js";
import { createLogger } from "../../packages/observability/dist/index.js";
import { sourceByCode } from "../../packages/sources/dist/index.js";
import { createApp } from "../../services/gateway/dist/create-app.js";
import { createExtractorPool } from "../../services/indexer/dist/extraction/create-extractor-pool.js";
import { indexTender } from "../../services/indexer/dist/index-tender.js";
import { type CorpusNotice, corpusTenderRecord } from "./load-corpus.ts";

type Db = import("kysely").Kysely<Database>;

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Stores the notices as `tender ingest --source ted` does; throws when one is quarantined. */
export async function ingestCorpus(db: Db, notices: readonly CorpusNotice[]): Promise<ImportReport> {
  const ted = sourceByCode("ted");
  if (!ted) throw new Error("the ted source is not registered");
  const report = await importTenderRecords(db, {
    sourceCode: "ted",
    lines: notices.map((notice) => JSON.stringify(corpusTenderRecord(notice))),
    subject: "tender.changed.v1",
    facetsOf: ted.facets,
    ...(ted.procedure ? { procedureOf: ted.procedure } : {}),
  });
  if (report.quarantined > 0) {
    throw new Error(`corpus records quarantined: ${report.rejected.map((r) => r.reason).join("; ")}`);
  }
  return report;
}

export interface IndexOptions {
  /** Tenders indexed at once (the indexer's INDEX_CONCURRENCY). */
  concurrency: number;
  /** Texts per embedding request (EMBED_BATCH_SIZE). */
  embedBatchSize: number;
}

/** Indexes every stored tender with the indexer's own `indexTender`; returns how many became ready. */
export async function indexCorpus(db: Db, ai: AiProvider, options: IndexOptions): Promise<number> {
  const pending = await db.selectFrom("tenders").select(["id", "content_hash"]).orderBy("id").execute();
  // The notices carry no attachments, so the pool never starts a child; the indexer still needs one.
  const extractor = createExtractorPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 256 });
  const deps = {
    db,
    ai,
    extractor,
    storage: { get: () => Promise.reject(new Error("the relevance corpus has no attachments")) },
    logger: silent,
    embedBatching: { maxTexts: options.embedBatchSize, maxChars: 48_000, concurrency: 1 },
    maxChunksPerTender: 5000,
  };
  let next = 0;
  let ready = 0;
  const worker = async () => {
    for (let i = next++; i < pending.length; i = next++) {
      const tender = pending[i] as { id: string; content_hash: string };
      const outcome = await indexTender(deps, { tenderId: tender.id, contentHash: tender.content_hash });
      if (outcome === "indexed" || outcome === "rebuilt" || outcome === "unchanged") ready += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  } finally {
    await extractor.close();
  }
  return ready;
}

export interface SearchSettings {
  /** MIN_RELEVANCE_SCORE of the gateway (0.2 by default). */
  minRelevanceScore: number;
  /** Fragments asked for per query: Search's maximum `limit`. */
  fragments: number;
}

/** A search function over the gateway's Search route: the publication numbers of the distinct tenders found, best first. */
export type SearchTenders = (query: string, mode: string) => Promise<string[]>;

/**
 * The gateway's app in process, as the benchmarks call it, with an API key of its own (a limit no
 * run reaches); `name` names the key and the silent logger.
 */
export async function createBenchGateway(
  db: Db,
  ai: AiProvider,
  minRelevanceScore: number,
  name: string,
): Promise<{ app: ReturnType<typeof createApp>; key: string }> {
  const app = createApp({
    db,
    ai,
    logger: createLogger({ level: "silent", name }),
    config: {
      minRelevanceScore,
      searchDeadlineMs: 120_000,
      askDeadlineMs: 120_000,
      feedReadsPerMinute: 30,
      cardConcurrencyPerKey: 4,
      savedSearches: { perKey: 50, allowHttpWebhooks: false, webhookSecretKey: undefined },
    },
  });
  const { key } = await createApiKey(db, { name, limitPerMinute: 1_000_000 });
  return { app, key };
}

/**
 * Search through the gateway's app ({@link createBenchGateway}). Mode `vector` sends no `mode`
 * (the specification's Search); any other is sent as `mode`.
 */
export async function createSearch(db: Db, ai: AiProvider, settings: SearchSettings): Promise<SearchTenders> {
  const { app, key } = await createBenchGateway(db, ai, settings.minRelevanceScore, "relevance-bench");
  // Read when an answer names a tender not seen yet: the search may be created before the ingest.
  const numberOf = new Map<string, string>();
  const numberOfTender = async (id: string) => {
    if (!numberOf.has(id)) {
      const rows = await db.selectFrom("tenders").select(["id", "external_id"]).execute();
      for (const row of rows) numberOf.set(row.id, row.external_id);
    }
    return numberOf.get(id) ?? id;
  };
  return async (query, mode) => {
    const body = { query, limit: settings.fragments, ...(mode === "vector" ? {} : { mode }) };
    const response = await app.request("/api/v1/search", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) {
      throw new Error(`Search (${mode}) answered ${response.status}: ${await response.text()}`);
    }
    const answer = (await response.json()) as { items: { tender_id: string }[] };
    const numbers: string[] = [];
    for (const item of answer.items) numbers.push(await numberOfTender(item.tender_id));
    return [...new Set(numbers)];
  };
}
