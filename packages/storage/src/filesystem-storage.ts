import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { BlobNotFoundError, type StoredBlob, type SweepableBlobStorage } from "./blob-storage.js";
import { meterBody } from "./metered-body.js";
import { assertStorageKey } from "./storage-key.js";
import { writeFully } from "./write-fully.js";

/** Temporary files are `<final name>.<12 hex>.part`; `assertStorageKey` refuses keys ending in `.part`. */
const TEMP_FILE = /\.[0-9a-f]{12}\.part$/;

/**
 * Local filesystem storage under `root`: bytes go to a temporary file in the same directory,
 * are fsynced, then renamed over the final name (atomic on POSIX), and the directory is fsynced.
 */
export function createFilesystemStorage(root: string): SweepableBlobStorage {
  const pathOf = (key: string) => join(root, assertStorageKey(key));
  return {
    async put(key, body, { maxBytes, signal }): Promise<StoredBlob> {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
      const file = await open(temp, "wx", 0o640);
      const metered = meterBody(body, { maxBytes, signal });
      try {
        for await (const bytes of metered.chunks) await writeFully(file, bytes);
        await file.sync();
        await file.close();
        await rename(temp, target);
        await syncDirectory(dirname(target));
        return { key, ...metered.finish() };
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
    async sweepIncomplete(olderThanMs) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !TEMP_FILE.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        // A put in progress writes continuously, so its temporary file has a recent mtime.
        const info = await stat(path).catch(() => undefined);
        if (!info || info.mtimeMs > cutoff) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
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
