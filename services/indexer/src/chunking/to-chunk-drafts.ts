import { normalizeText } from "./normalize-text.js";
import { DEFAULT_SPLIT_OPTIONS, type SplitOptions, splitText } from "./split-text.js";

/** Text from one place: the tender's metadata (`attachmentId` null) or part of an attachment. */
export interface TextSource {
  attachmentId: string | null;
  section: string;
  text: string;
}

/** A piece of text that becomes a chunk once it has a vector. */
export interface ChunkDraft {
  attachmentId: string | null;
  section: string;
  content: string;
}

/** Normalizes and splits every source, in the given order (which becomes the chunk order). */
export function toChunkDrafts(
  sources: readonly TextSource[],
  options: SplitOptions = DEFAULT_SPLIT_OPTIONS,
): ChunkDraft[] {
  return sources.flatMap((source) =>
    splitText(normalizeText(source.text), options).map((content) => ({
      attachmentId: source.attachmentId,
      section: source.section,
      content,
    })),
  );
}
