import type { AiProvider } from "@tender/ai";
import type { BusLogger } from "@tender/bus";
import type { Database } from "@tender/db";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import type { SplitOptions } from "./chunking/split-text.js";
import type { EmbedBatching } from "./create-chunk-embedder.js";
import type { Extractor } from "./extraction/extraction-types.js";

/** Everything indexing a tender needs, passed in explicitly. */
export interface IndexerDeps {
  db: Kysely<Database>;
  /** Where the downloader put the attachments (`attachments.local_path` is the key). */
  storage: Pick<BlobStorage, "get">;
  ai: AiProvider;
  extractor: Extractor;
  logger: BusLogger;
  /** Size of embedding requests and how many of one tender run at once. */
  embedBatching: EmbedBatching;
  /** INDEX_MAX_CHUNKS_PER_TENDER: chunks past this many are not indexed. */
  maxChunksPerTender: number;
  /** Subject of the change events the indexer writes (a file to download again); default `tender.changed.v1`. */
  subject?: string;
  /** Subject of the events announcing that a tender's chunks changed; default `tender.indexed.v1`. */
  indexedSubject?: string;
  /** Chunk size and overlap; default about 1200 characters with 150 of overlap. */
  split?: SplitOptions;
  /** Hears each handled event's outcome (`tender_index_outcomes_total`). */
  recordOutcome?: (outcome: string) => void;
}
