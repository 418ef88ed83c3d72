import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobNotFoundError, BlobTooLargeError } from "./blob-storage.js";
import { createFilesystemStorage } from "./filesystem-storage.js";

describe("filesystem storage", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "tender-storage-"));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it("stores bytes atomically and reports size and sha256", async () => {
    const storage = createFilesystemStorage(root);
    const bytes = Buffer.from("hello tender world");
    const stored = await storage.put("t1/a1", Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), {
      maxBytes: 100,
    });
    expect(stored).toEqual({
      key: "t1/a1",
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(Buffer.from(await storage.get("t1/a1")).toString()).toBe("hello tender world");
    expect(await storage.exists("t1/a1")).toBe(true);
    expect(await readdir(join(root, "t1"))).toEqual(["a1"]);
  });

  it("refuses a body over the limit and leaves nothing behind", async () => {
    const storage = createFilesystemStorage(root);
    const body = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(storage.put("t1/big", body, { maxBytes: 100 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await readdir(join(root, "t1"))).toEqual([]);
    await expect(storage.get("t1/big")).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("keeps the old object when a replacement fails half-way", async () => {
    const storage = createFilesystemStorage(root);
    await storage.put("k", Readable.from([Buffer.from("old")]), { maxBytes: 10 });
    async function* failing() {
      yield Buffer.from("new-partial");
      throw new Error("connection reset");
    }
    await expect(storage.put("k", failing(), { maxBytes: 100 })).rejects.toThrow("connection reset");
    expect(Buffer.from(await storage.get("k")).toString()).toBe("old");
    expect(await readdir(root)).toEqual(["k"]);
  });

  it("rejects keys that could escape the root", async () => {
    const storage = createFilesystemStorage(root);
    for (const key of ["../x", "/etc/passwd", "a/../../b", "", "a//b"]) {
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});
