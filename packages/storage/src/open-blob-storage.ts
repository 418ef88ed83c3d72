import type { JetStreamClient } from "@nats-io/jetstream";
import type { SweepableBlobStorage } from "./blob-storage.js";
import { createFilesystemStorage } from "./filesystem-storage.js";
import { createNatsObjectStorage } from "./nats-object-storage.js";
import type { StorageEnv } from "./storage-env.js";

/**
 * The storage `STORAGE_DRIVER` names: the directory `STORAGE_DIR`, or the object store bucket
 * `STORAGE_BUCKET` over `js` (required for `nats`; the caller owns the connection).
 */
export async function openBlobStorage(
  config: Pick<StorageEnv, "STORAGE_DRIVER" | "STORAGE_DIR" | "STORAGE_BUCKET">,
  nats: { js?: JetStreamClient | undefined } = {},
): Promise<SweepableBlobStorage> {
  if (config.STORAGE_DRIVER === "fs") return createFilesystemStorage(config.STORAGE_DIR);
  if (!nats.js) throw new Error("STORAGE_DRIVER=nats needs a NATS connection");
  return createNatsObjectStorage({ js: nats.js, bucket: config.STORAGE_BUCKET });
}
