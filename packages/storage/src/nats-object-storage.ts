import type { JetStreamClient, JetStreamManager } from "@nats-io/jetstream";
import { type ObjectStore, Objm, StorageType } from "@nats-io/obj";
import { BlobNotFoundError, type StoredBlob, type SweepableBlobStorage } from "./blob-storage.js";
import { meterBody } from "./metered-body.js";
import { assertStorageKey } from "./storage-key.js";

export interface NatsObjectStorageOptions {
  /** JetStream client of an open connection; the storage never closes it. */
  js: JetStreamClient;
  /** Bucket name (letters, digits, `-`, `_`); created when missing. */
  bucket: string;
  /** Stream replicas of a new bucket; default 1. An existing bucket keeps its own. */
  replicas?: number;
  /** Hears when an existing bucket's replicas differ from `replicas`. */
  logger?: ReplicasLogger;
  /** Time for JetStream to acknowledge each chunk; default the client's timeout. */
  chunkTimeoutMs?: number;
}

/** The one log line the storage writes. */
export interface ReplicasLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

const BUCKET = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Storage in a NATS JetStream object store, so the downloader and the indexer can run on hosts
 * without a shared volume. A put is atomic: the client publishes the chunks under a fresh id,
 * then one metadata message (a subject rollup) that makes the new version visible; on any error
 * it purges the chunks it sent. Until that message is stored, `get` returns the previous version
 * (or nothing). A process killed mid-put leaves chunks that no metadata references:
 * `sweepIncomplete` purges them.
 */
export async function createNatsObjectStorage(
  options: NatsObjectStorageOptions,
): Promise<SweepableBlobStorage> {
  if (!BUCKET.test(options.bucket)) {
    throw new Error(`invalid object store bucket name ${JSON.stringify(options.bucket)}`);
  }
  const store = await new Objm(options.js).create(options.bucket, {
    storage: StorageType.File,
    replicas: options.replicas ?? 1,
  });
  const configured = options.replicas ?? 1;
  // The client never changes an existing bucket: its replicas stay what the server has.
  const onServer = (await store.status()).replicas;
  if (onServer !== configured) {
    options.logger?.warn(
      { bucket: options.bucket, configured_replicas: configured, server_replicas: onServer },
      "NATS_STREAM_REPLICAS differs from the object store bucket's replicas on the server; keeping the server's",
    );
  }
  const jsm = await options.js.jetstreamManager();
  const putOptions = options.chunkTimeoutMs === undefined ? undefined : { timeout: options.chunkTimeoutMs };
  return {
    async put(key, body, { maxBytes, signal }): Promise<StoredBlob> {
      assertStorageKey(key);
      const metered = meterBody(body, { maxBytes, signal });
      await store.put({ name: key }, ReadableStream.from(metered.chunks), putOptions);
      return { key, ...metered.finish() };
    },
    async get(key) {
      const bytes = await store.getBlob(assertStorageKey(key));
      if (bytes === null) throw new BlobNotFoundError(key);
      return bytes;
    },
    async delete(key) {
      await store.delete(assertStorageKey(key));
    },
    async exists(key) {
      const info = await store.info(assertStorageKey(key));
      return info !== null && !info.deleted;
    },
    sweepIncomplete: (olderThanMs) => sweepOrphanChunks(jsm, store, options.bucket, olderThanMs),
  };
}

/** Purges chunk subjects that no live object references and that were not written to for `olderThanMs`. */
async function sweepOrphanChunks(
  jsm: JetStreamManager,
  store: ObjectStore,
  bucket: string,
  olderThanMs: number,
): Promise<number> {
  const stream = `OBJ_${bucket}`;
  const prefix = `$O.${bucket}.C.`;
  const info = await jsm.streams.info(stream, { subjects_filter: `${prefix}>` });
  const subjects = Object.keys(info.state.subjects ?? {});
  if (subjects.length === 0) return 0;
  const live = new Set((await store.list()).map((object) => object.nuid));
  const cutoff = Date.now() - olderThanMs;
  let purged = 0;
  for (const subject of subjects) {
    if (live.has(subject.slice(prefix.length))) continue;
    // A put in progress has no metadata yet either, but its latest chunk is recent.
    const last = await jsm.streams.getMessage(stream, { last_by_subj: subject }).catch(() => null);
    if (last && last.time.getTime() > cutoff) continue;
    await jsm.streams.purge(stream, { filter: subject });
    purged += 1;
  }
  return purged;
}
