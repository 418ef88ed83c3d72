export {
  BlobNotFoundError,
  type BlobStorage,
  BlobTooLargeError,
  type PutOptions,
  type StoredBlob,
  type SweepableBlobStorage,
} from "./blob-storage.js";
export { createFilesystemStorage } from "./filesystem-storage.js";
export { createNatsObjectStorage, type NatsObjectStorageOptions } from "./nats-object-storage.js";
export { openBlobStorage } from "./open-blob-storage.js";
export { STORAGE_DRIVERS, StorageEnv } from "./storage-env.js";
export { assertStorageKey } from "./storage-key.js";
