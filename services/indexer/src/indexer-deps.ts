import type { AiProvider } from "@tender/ai";
import type { BusLogger } from "@tender/bus";
import type { Database } from "@tender/db";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import type { SplitOptions } from "./chunking/split-text.js";
import type { Extractor } from "./extraction/extraction-types.js";

/** Everything indexing a tender needs, passed in explicitly. */
export interface IndexerDeps {
  db: Kysely<Database>;
  /** Where the downloader put the attachments (`attachments.local_path` is the key). */
  storage: Pick<BlobStorage, "get">;
  ai: AiProvider;
  extractor: Extractor;
  logger: BusLogger;
  /** Texts per embedding request (EMBED_BATCH_SIZE). */
  embedBatchSize: number;
  /** Chunk size and overlap; default about 1200 characters with 150 of overlap. */
  split?: SplitOptions;
}
