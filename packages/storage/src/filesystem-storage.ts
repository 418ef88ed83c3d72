import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { BlobNotFoundError, type BlobStorage, BlobTooLargeError, type StoredBlob } from "./blob-storage.js";
import { assertStorageKey } from "./storage-key.js";

/**
 * Local filesystem storage under `root`: bytes go to a temporary file in the same directory,
 * are fsynced, then renamed over the final name (atomic on POSIX), and the directory is fsynced.
 */
export function createFilesystemStorage(root: string): BlobStorage {
  const pathOf = (key: string) => join(root, assertStorageKey(key));
  return {
    async put(key, body, { maxBytes, signal }): Promise<StoredBlob> {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
      const file = await open(temp, "wx", 0o640);
      const hash = createHash("sha256");
      let size = 0;
      try {
        for await (const chunk of body) {
          signal?.throwIfAborted();
          const bytes = chunk as Uint8Array;
          size += bytes.byteLength;
          if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
          hash.update(bytes);
          await file.write(bytes);
        }
        await file.sync();
        await file.close();
        await rename(temp, target);
        await syncDirectory(dirname(target));
        return { key, sizeBytes: size, sha256: hash.digest("hex") };
      } catch (error) {
        await file.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
  };
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
