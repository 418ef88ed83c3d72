import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
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

  it("sweeps only temporary files untouched for longer than the given age", async () => {
    const storage = createFilesystemStorage(root);
    await storage.put("t1/a1", Readable.from([Buffer.from("kept")]), { maxBytes: 10 });
    const stale = join(root, "t1", "a2.0123456789ab.part");
    const fresh = join(root, "t1", "a3.abcdef012345.part");
    await writeFile(stale, "half a download");
    await writeFile(fresh, "a download in progress");
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, anHourAgo, anHourAgo);

    expect(await storage.sweepIncomplete(60_000)).toBe(1);
    expect((await readdir(join(root, "t1"))).sort()).toEqual(["a1", "a3.abcdef012345.part"]);
    expect(await storage.sweepIncomplete(60_000)).toBe(0);
  });

  it("sweeps nothing when the root does not exist yet", async () => {
    expect(await createFilesystemStorage(join(root, "missing")).sweepIncomplete(0)).toBe(0);
  });

  it("rejects keys that could escape the root or collide with temporary files", async () => {
    const storage = createFilesystemStorage(root);
    for (const key of ["../x", "/etc/passwd", "a/../../b", "", "a//b", "a/b.part"]) {
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});
