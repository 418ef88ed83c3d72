import { guessLanguage } from "@tender/cpv";
import {
  type AttachmentRow,
  type ExtractionFailureInput,
  listAttachmentsForTender,
  listChunkKeys,
  type NewChunk,
  type TenderRow,
} from "@tender/db";
import { type ChunkDraft, type TextSource, toChunkDrafts } from "./chunking/to-chunk-drafts.js";
import { createChunkEmbedder } from "./create-chunk-embedder.js";
import { readAttachmentText } from "./extraction/read-attachment-text.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { tenderMetadataText } from "./tender-metadata-text.js";

/** The tender's next chunk set: stored chunks to keep, new ones (embedded), and what could not be read. */
export interface TenderChunkPlan {
  /** Keys of stored chunks that stay as they are (same place, text and model). */
  keep: Set<string>;
  /** Chunks with new keys, embedded now. */
  fresh: NewChunk[];
  failures: ExtractionFailureInput[];
  /** Attachments whose stored bytes do not match their recorded digest (to download again). */
  corrupt: AttachmentRow[];
  /** Set when the tender has more than `maxChunksPerTender` chunks and only the first ones are kept. */
  truncated: boolean;
  /** Texts sent to the embedding model. */
  embedded: number;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds the tender's chunks one source at a time: metadata first, then every `ready`
 * attachment by source URL (code-unit order, as in the content hash), each in its own page /
 * sheet / entry order. Only one attachment's bytes and text are held at once. A chunk whose key
 * is already stored is kept, not embedded again; new ones are embedded in bounded requests as
 * they come. Past `maxChunksPerTender` chunks the rest is left out (and recorded as
 * `limit_exceeded` per attachment). An unreadable attachment (or part of one) is recorded once,
 * with its first cause. A storage outage (anything but a missing object) rejects.
 */
export async function planTenderChunks(
  deps: IndexerDeps,
  tender: TenderRow,
  signal?: AbortSignal,
): Promise<TenderChunkPlan> {
  const target = { tenderId: tender.id, embeddingModel: deps.ai.embedModel };
  const stored = await listChunkKeys(deps.db, tender.id);
  const embedder = createChunkEmbedder(deps.ai, deps.embedBatching, signal);
  const plan: TenderChunkPlan = {
    keep: new Set(),
    fresh: [],
    failures: [],
    corrupt: [],
    truncated: false,
    embedded: 0,
  };
  let count = 0;
  /** Takes the drafts up to the limit; false once the limit cut them. */
  const take = async (drafts: ChunkDraft[]): Promise<boolean> => {
    for (const draft of drafts) {
      if (count >= deps.maxChunksPerTender) return false;
      count += 1;
      if (stored.has(draft.chunkKey)) plan.keep.add(draft.chunkKey);
      else await embedder.add(draft);
    }
    return true;
  };
  const draftsOf = (sources: TextSource[]) => toChunkDrafts(target, sources, deps.split);

  const language = guessLanguage(`${tender.title}\n${tender.description ?? ""}`);
  await take(
    draftsOf([{ attachmentId: null, section: "metadata", text: tenderMetadataText(tender), language }]),
  );
  const attachments = (await listAttachmentsForTender(deps.db, tender.id))
    .filter((a) => a.download_status === "ready" && a.local_path !== null)
    .sort((a, b) => byCodeUnits(a.source_url, b.source_url));

  for (const attachment of attachments) {
    const record = (entry: string, reason: string, detail: string) =>
      plan.failures.push({
        attachmentId: attachment.id,
        entry,
        reason,
        detail,
        attachmentSha256: attachment.sha256,
      });
    if (plan.truncated) {
      record(
        "",
        "limit_exceeded",
        `not indexed: the tender reached its limit of ${deps.maxChunksPerTender} chunks`,
      );
      continue;
    }
    const text = await readAttachmentText(deps, attachment);
    if (text.kind === "missing") {
      record("", "missing_file", "the downloaded file is no longer in storage");
      continue;
    }
    if (text.kind === "corrupt") {
      plan.corrupt.push(attachment);
      continue;
    }
    const { result } = text;
    const sources = result.segments.map((segment) => ({ attachmentId: attachment.id, ...segment }));
    const [first] = result.failures;
    if (!(await take(draftsOf(sources)))) {
      plan.truncated = true;
      record(
        "",
        "limit_exceeded",
        `indexed in part: the tender reached its limit of ${deps.maxChunksPerTender} chunks`,
      );
    } else if (first !== undefined) record(first.entry, first.reason, first.detail);
    if (first !== undefined) {
      deps.logger.info(
        {
          tender_id: tender.id,
          attachment_id: attachment.id,
          failures: result.failures.length,
          reasons: [...new Set(result.failures.map((f) => f.reason))],
        },
        "Some attachment text could not be read",
      );
    }
  }
  plan.fresh = await embedder.finish();
  plan.embedded = embedder.sent;
  return plan;
}
