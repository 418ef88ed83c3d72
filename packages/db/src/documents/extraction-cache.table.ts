import type { Generated, Insertable, Selectable } from "kysely";

/** What the indexer's extractor gave for one file (by digest, name, type and extractor version). */
export interface ExtractionCacheTable {
  cache_key: string;
  /** Digest of the file: entries no attachment points at any more can be removed. */
  sha256: string;
  /** The extraction result as JSON text (segments and failures). */
  result: string;
  created_at: Generated<Date>;
}
export type ExtractionCacheRow = Selectable<ExtractionCacheTable>;
export type NewExtractionCacheRow = Insertable<ExtractionCacheTable>;
