import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { testNatsUrl, uniqueBusToken } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobNotFoundError, BlobTooLargeError, type SweepableBlobStorage } from "./blob-storage.js";
import { createNatsObjectStorage } from "./nats-object-storage.js";

let nc: NatsConnection;
let js: JetStreamClient;
let jsm: JetStreamManager;
const bucket = `test-att-${uniqueBusToken()}`;
const stream = `OBJ_${bucket}`;
let storage: SweepableBlobStorage;

beforeAll(async () => {
  nc = await connect({ servers: testNatsUrl() });
  js = jetstream(nc);
  jsm = await jetstreamManager(nc);
  storage = await createNatsObjectStorage({ js, bucket });
});

afterAll(async () => {
  await jsm.streams.delete(stream).catch(() => {});
  await nc.close();
});

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Number of chunk messages in the bucket's stream: what a failed put must not leave behind. */
async function chunkMessages(): Promise<number> {
  const info = await jsm.streams.info(stream, { subjects_filter: `$O.${bucket}.C.>` });
  return Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
}

describe("NATS object storage", () => {
  it("stores a multi-chunk body and reports its size and sha256", async () => {
    // Larger than one 128 KiB chunk, in uneven pieces.
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, 200_000), bytes.subarray(200_000)];
    const stored = await storage.put("t1/a1", Readable.from(pieces), { maxBytes: 1_000_000 });
    expect(stored).toEqual({ key: "t1/a1", sizeBytes: bytes.length, sha256: sha(bytes) });
    expect(Buffer.from(await storage.get("t1/a1")).equals(bytes)).toBe(true);
    expect(await storage.exists("t1/a1")).toBe(true);
  });

  it("refuses a body over the limit, keeping no object and no chunks", async () => {
    const before = await chunkMessages();
    const body = Readable.from([Buffer.alloc(200_000), Buffer.alloc(200_000)]);
    await expect(storage.put("t1/big", body, { maxBytes: 300_000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    await expect(storage.get("t1/big")).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await storage.exists("t1/big")).toBe(false);
    expect(await chunkMessages()).toBe(before);
  });

  it("keeps the previous version when a replacement fails half-way", async () => {
    await storage.put("t1/k", Readable.from([Buffer.from("old")]), { maxBytes: 10 });
    async function* failing() {
      yield Buffer.alloc(150_000, 1);
      throw new Error("connection reset");
    }
    await expect(storage.put("t1/k", failing(), { maxBytes: 1_000_000 })).rejects.toThrow("connection reset");
    expect(Buffer.from(await storage.get("t1/k")).toString()).toBe("old");
  });

  it("stops a put when its signal aborts", async () => {
    const controller = new AbortController();
    async function* slow() {
      yield Buffer.from("first");
      controller.abort(new Error("download timed out"));
      yield Buffer.from("second");
    }
    await expect(
      storage.put("t1/aborted", slow(), { maxBytes: 100, signal: controller.signal }),
    ).rejects.toThrow("download timed out");
    expect(await storage.exists("t1/aborted")).toBe(false);
  });

  it("replaces an object atomically and deletes it", async () => {
    await storage.put("t2/x", Readable.from([Buffer.from("v1")]), { maxBytes: 10 });
    await storage.put("t2/x", Readable.from([Buffer.from("version 2")]), { maxBytes: 10 });
    expect(Buffer.from(await storage.get("t2/x")).toString()).toBe("version 2");
    await storage.delete("t2/x");
    expect(await storage.exists("t2/x")).toBe(false);
    await expect(storage.get("t2/x")).rejects.toBeInstanceOf(BlobNotFoundError);
    await storage.delete("t2/never-existed");
  });

  it("stores an empty body as a zero-byte object", async () => {
    const stored = await storage.put("t2/empty", Readable.from([]), { maxBytes: 10 });
    expect(stored.sizeBytes).toBe(0);
    expect(await storage.get("t2/empty")).toHaveLength(0);
  });

  it("sweeps chunks of a put that never finished, but not live objects or recent leftovers", async () => {
    await storage.put("t3/live", Readable.from([Buffer.from("live object")]), { maxBytes: 100 });
    // What a process killed between its chunks and its metadata leaves behind.
    await js.publish(`$O.${bucket}.C.orphanNuidForTheSweepTest`, Buffer.from("orphan chunk"));
    const before = await chunkMessages();

    expect(await storage.sweepIncomplete(3_600_000)).toBe(0);
    expect(await chunkMessages()).toBe(before);
    expect(await storage.sweepIncomplete(0)).toBe(1);
    expect(await chunkMessages()).toBe(before - 1);
    expect(Buffer.from(await storage.get("t3/live")).toString()).toBe("live object");
  });

  it("keeps an existing bucket's replicas and says so when NATS_STREAM_REPLICAS differs", async () => {
    const warnings: Record<string, unknown>[] = [];
    const logger = { warn: (fields: Record<string, unknown>) => void warnings.push(fields) };
    await createNatsObjectStorage({ js, bucket, replicas: 1, logger });
    expect(warnings).toEqual([]);
    const again = await createNatsObjectStorage({ js, bucket, replicas: 3, logger });
    expect(warnings).toEqual([{ bucket, configured_replicas: 3, server_replicas: 1 }]);
    expect((await jsm.streams.info(stream)).config.num_replicas).toBe(1);
    expect(Buffer.from(await again.get("t3/live")).toString()).toBe("live object");
  });

  it("rejects unsafe keys and bucket names", async () => {
    await expect(storage.get("../x")).rejects.toThrow(/invalid storage key/);
    await expect(createNatsObjectStorage({ js, bucket: "bad.name" })).rejects.toThrow(/bucket name/);
  });
});
