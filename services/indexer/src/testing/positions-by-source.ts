// Test support: chunk positions count 0.. within each attachment (and within the metadata).
import type { StoredChunk } from "@tender/db";

/** Each source's sorted positions, keyed by attachment id ("metadata" for the tender's own). */
export function positionsBySource(chunks: readonly Pick<StoredChunk, "attachment_id" | "position">[]) {
  const out: Record<string, number[]> = {};
  for (const c of chunks) {
    const key = c.attachment_id ?? "metadata";
    out[key] = [...(out[key] ?? []), c.position];
  }
  for (const list of Object.values(out)) list.sort((a, b) => a - b);
  return out;
}

/** The same shape with positions 0..n-1 per source: what a tender indexed without gaps has. */
export function densePositions(chunks: readonly Pick<StoredChunk, "attachment_id" | "position">[]) {
  const out: Record<string, number[]> = {};
  for (const [key, list] of Object.entries(positionsBySource(chunks))) out[key] = list.map((_, i) => i);
  return out;
}
