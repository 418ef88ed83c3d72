// What a search finds, at each step: the ranking's chunks, and the matches a result shows.
import type { MatchKind } from "@tender/contracts";

// A leaf: the search modules all import these types, and none of them imports another for them.

/** One chunk found by `searchChunks`, with what a search result shows of its tender. */
export interface ChunkMatch {
  chunk_id: string;
  tender_id: string;
  title: string;
  /** Code of the tender's source. */
  source: string;
  source_url: string;
  /** The whole chunk text. */
  content: string;
  /** 1 − cosine distance, bounded to [−1, 1], not rounded. */
  score: number;
  /** Null when the chunk holds the tender's own metadata. */
  attachment_id: string | null;
  attachment_filename: string | null;
  /** Hybrid search only: the lists that found it (docs/api.md#hybrid-search). */
  matched?: MatchKind[];
}

/** What a search result shows of a ranked chunk besides its id and score. */
export type ShownChunk = Omit<ChunkMatch, "chunk_id" | "score" | "matched">;

/** A chunk of the ranking: its id and `embedding <=> query` (never NaN). */
export interface RankedChunk {
  id: string;
  distance: number;
  /** What a search result shows of it, when the ranking was asked to `describe`. */
  shown?: ShownChunk;
}
