import type { JetStreamClient } from "@nats-io/jetstream";
import type { SweepableBlobStorage } from "./blob-storage.js";
import { createFilesystemStorage } from "./filesystem-storage.js";
import { createNatsObjectStorage, type ReplicasLogger } from "./nats-object-storage.js";
import type { StorageEnv } from "./storage-env.js";

/**
 * The storage `STORAGE_DRIVER` names: the directory `STORAGE_DIR`, or the object store bucket
 * `STORAGE_BUCKET` over `js` (required for `nats`; the caller owns the connection) with
 * `replicas` (NATS_STREAM_REPLICAS) for a new bucket.
 */
export async function openBlobStorage(
  config: Pick<StorageEnv, "STORAGE_DRIVER" | "STORAGE_DIR" | "STORAGE_BUCKET">,
  nats: { js?: JetStreamClient | undefined; replicas?: number; logger?: ReplicasLogger } = {},
): Promise<SweepableBlobStorage> {
  if (config.STORAGE_DRIVER === "fs") return createFilesystemStorage(config.STORAGE_DIR);
  if (!nats.js) throw new Error("STORAGE_DRIVER=nats needs a NATS connection");
  return createNatsObjectStorage({
    js: nats.js,
    bucket: config.STORAGE_BUCKET,
    ...(nats.replicas === undefined ? {} : { replicas: nats.replicas }),
    ...(nats.logger === undefined ? {} : { logger: nats.logger }),
  });
}
