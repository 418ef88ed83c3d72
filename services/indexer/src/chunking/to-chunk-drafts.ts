import { chunkKey, sha256Hex } from "@tender/contracts";
import { type CpvLanguage, guessLanguage } from "@tender/cpv";
import { lexicalConfigOf } from "@tender/db";
import { normalizeText } from "./normalize-text.js";
import { DEFAULT_SPLIT_OPTIONS, type SplitOptions, splitText } from "./split-text.js";

/** Text from one place: the tender's metadata (`attachmentId` null) or part of an attachment. */
export interface TextSource {
  attachmentId: string | null;
  section: string;
  text: string;
  /** The text's language when known (a notice's own); otherwise each piece's is guessed from its words. */
  language?: CpvLanguage | null;
}

/** A piece of text that becomes a chunk once it has a vector, with the key it will be stored under. */
export interface ChunkDraft {
  attachmentId: string | null;
  section: string;
  content: string;
  /** 0.. within its attachment (or within the metadata), so one attachment's arrival moves no other key. */
  position: number;
  contentHash: string;
  chunkKey: string;
  /** The text search configuration of its language (docs/api.md#hybrid-search); not part of the key. */
  lexicalConfig: string;
}

/** Where the drafts go: the tender and the embedding model are part of every chunk key. */
export interface DraftTarget {
  tenderId: string;
  embeddingModel: string;
}

/**
 * Normalizes and splits every source, in the given order (the chunk order), numbering the
 * pieces 0.. per attachment (and per metadata) and keying them per docs/records.md#chunks-and-chunk-keys.
 */
export function toChunkDrafts(
  target: DraftTarget,
  sources: readonly TextSource[],
  options: SplitOptions = DEFAULT_SPLIT_OPTIONS,
): ChunkDraft[] {
  const next = new Map<string | null, number>();
  return sources.flatMap((source) =>
    splitText(normalizeText(source.text), options).map((content) => {
      const position = next.get(source.attachmentId) ?? 0;
      next.set(source.attachmentId, position + 1);
      return {
        attachmentId: source.attachmentId,
        section: source.section,
        content,
        position,
        contentHash: sha256Hex(content),
        chunkKey: chunkKey({ ...target, attachmentId: source.attachmentId, position, content }),
        lexicalConfig: lexicalConfigOf(
          source.language === undefined ? guessLanguage(content) : source.language,
        ),
      };
    }),
  );
}
