export {
  BlobNotFoundError,
  type BlobStorage,
  BlobTooLargeError,
  type PutOptions,
  type StoredBlob,
} from "./blob-storage.js";
export { createFilesystemStorage } from "./filesystem-storage.js";
export { assertStorageKey } from "./storage-key.js";
