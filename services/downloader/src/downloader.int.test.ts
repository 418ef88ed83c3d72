import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Bus,
  type BusLogger,
  type BusTopology,
  busNames,
  busTopology,
  connectBus,
  ensureTopology,
} from "@tender/bus";
import { contentHash, createTenderChangedV1Validator } from "@tender/contracts";
import {
  type AttachmentInput,
  type AttachmentRow,
  enqueueTenderChanged,
  findTenderById,
  listAttachmentsForTender,
  loadContentHashInput,
  type OutboxRow,
  syncTenderAttachments,
} from "@tender/db";
import { forbiddenAddressReason, systemResolveHost } from "@tender/egress";
import {
  type DocumentServer,
  redirectTo,
  serveBytes,
  serveChunked,
  startDocumentServer,
  status,
  trickle,
} from "@tender/egress/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { type BlobStorage, createFilesystemStorage, createNatsObjectStorage } from "@tender/storage";
import { seedTender, testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DownloadPolicy, downloadPolicy } from "./download-policy.js";
import { runDownloader } from "./run-downloader.js";

// The document server listens on 127.0.0.2 and is reached as "docs.test". Only that address is
// exempt from the address check, so every other loopback, private or metadata address a
// redirect points to is refused exactly as in production (private addresses are NOT allowed).
const ORIGIN_ADDRESS = "127.0.0.2";
const MAX_BYTES = 1_000_000;
const waitLong = { timeout: 25_000, interval: 100 };
const pdfA = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062));
const pdfB = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821126));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const t = useTestDatabase();
let bus: Bus;
let server: DocumentServer;
const topologies: BusTopology[] = [];
const cleanups: (() => Promise<unknown>)[] = [];

function recordingLogger(lines: unknown[] = []): BusLogger & { lines: unknown[] } {
  const log = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    void lines.push({ level, msg, ...obj });
  return { lines, debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

function testPolicy(over: Partial<DownloadPolicy> = {}): DownloadPolicy {
  return downloadPolicy(
    {
      maxBytes: MAX_BYTES,
      timeoutMs: 4_000,
      extraAllowedHosts: [
        `docs.test:${server.port}`,
        `localhost:${server.port}`,
        `127.0.0.1:${server.port}`,
        "169.254.169.254",
      ],
      allowPrivateAddresses: false,
      resolveHost: async (host) =>
        host === "docs.test" ? [{ address: ORIGIN_ADDRESS, family: 4 }] : systemResolveHost(host),
    },
    {
      addressReason: (address) => (address === ORIGIN_ADDRESS ? undefined : forbiddenAddressReason(address)),
      retries: 1,
      retryDelayMs: 20,
      ...over,
    },
  );
}

/** Runs a downloader on a topology of its own; stopped in afterAll. */
async function startWorker(
  storage: BlobStorage,
  options: { concurrency?: number; logger?: BusLogger; policy?: Partial<DownloadPolicy> } = {},
) {
  const topology = busTopology({
    names: busNames(`t${uniqueBusToken()}`),
    delivery: { ackWaitMs: 15_000, maxDeliver: 3, backoff: { initialMs: 100, maxMs: 500 } },
  });
  topologies.push(topology);
  await ensureTopology(bus.jsm, topology);
  const controller = new AbortController();
  const done = runDownloader(
    {
      db: t.db,
      js: bus.js,
      topology,
      storage,
      policy: testPolicy(options.policy),
      logger: options.logger ?? recordingLogger(),
      concurrency: options.concurrency ?? 4,
    },
    controller.signal,
  );
  const stop = async () => {
    controller.abort();
    await done;
  };
  cleanups.push(stop);
  return { subject: topology.names.subject, topology, stop };
}

/** The tender's attachments once none is `pending` any more. */
async function settled(tenderId: string): Promise<AttachmentRow[]> {
  let rows: AttachmentRow[] = [];
  await vi.waitFor(async () => {
    rows = await listAttachmentsForTender(t.db, tenderId);
    expect(rows.filter((r) => r.download_status === "pending")).toEqual([]);
  }, waitLong);
  return rows;
}

/** Waits until the downloader acknowledged every message of its stream. */
async function drained(topology: BusTopology): Promise<void> {
  await vi.waitFor(async () => {
    const stream = await bus.jsm.streams.info(topology.names.stream);
    const consumer = await bus.jsm.consumers.info(topology.names.stream, topology.names.consumers.downloader);
    expect(consumer.ack_floor.stream_seq).toBe(stream.state.last_seq);
  }, waitLong);
}

async function outboxFor(tenderId: string): Promise<OutboxRow[]> {
  const rows = await t.db.selectFrom("outbox").selectAll().orderBy("id").execute();
  return rows.filter((row) => (row.payload as { tender_id?: string }).tender_id === tenderId);
}

const docUrl = (path: string) => `http://docs.test:${server.port}${path}`;

beforeAll(async () => {
  bus = await connectBus({ servers: testNatsUrl(), name: "downloader-int-test" });
  server = await startDocumentServer(ORIGIN_ADDRESS);
  server.route(
    "/ted/821062",
    serveBytes(pdfA, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="notice.pdf"; filename*=UTF-8''Bando%20di%20gara%20%E2%80%93%20821062.pdf`,
    }),
  );
  server.route("/ted/821126", redirectTo("/files/ted_notice_821126-2025_it.pdf"));
  server.route(
    "/files/ted_notice_821126-2025_it.pdf",
    serveChunked(pdfB, { "content-type": "application/octet-stream" }),
  );
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  for (const topology of topologies) {
    for (const stream of [topology.names.stream, topology.names.dlqStream]) {
      await bus.jsm.streams.delete(stream).catch(() => {});
    }
  }
  await server?.close();
  await bus?.close();
});

describe.each(["fs", "nats"] as const)("downloader with %s storage", (driver) => {
  let storage: BlobStorage;
  let worker: Awaited<ReturnType<typeof startWorker>>;

  beforeAll(async () => {
    if (driver === "fs") {
      const root = await mkdtemp(join(tmpdir(), "downloader-int-"));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      storage = createFilesystemStorage(root);
    } else {
      const bucket = `test-dl-${uniqueBusToken()}`;
      cleanups.push(() => bus.jsm.streams.delete(`OBJ_${bucket}`));
      storage = await createNatsObjectStorage({ js: bus.js, bucket });
    }
    worker = await startWorker(storage);
  });

  it("downloads the pending attachments of an event, records them and announces the new hash", async () => {
    const seeded = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: [
        { sourceUrl: docUrl("/ted/821062"), filename: "notice", contentType: null },
        { sourceUrl: docUrl("/ted/821126"), filename: "notice-2", contentType: "application/pdf" },
      ],
    });
    const rows = await settled(seeded.id);
    const byUrl = new Map(rows.map((r) => [r.source_url, r]));
    const a = byUrl.get(docUrl("/ted/821062"));
    const b = byUrl.get(docUrl("/ted/821126"));
    expect(a).toMatchObject({
      download_status: "ready",
      local_path: expect.stringMatching(new RegExp(`^${seeded.id}/${a?.id}\\.[0-9a-f-]{36}$`)),
      size_bytes: pdfA.length,
      sha256: sha256(pdfA),
      filename: "Bando di gara – 821062.pdf",
      content_type: "application/pdf",
      last_error: null,
    });
    expect(b).toMatchObject({
      download_status: "ready",
      local_path: expect.stringMatching(new RegExp(`^${seeded.id}/${b?.id}\\.[0-9a-f-]{36}$`)),
      size_bytes: pdfB.length,
      sha256: sha256(pdfB),
      // No Content-Disposition: the name comes from the final URL; the generic type is not taken.
      filename: "ted_notice_821126-2025_it.pdf",
      content_type: "application/pdf",
    });
    expect(Buffer.from(await storage.get(a?.local_path ?? "")).equals(pdfA)).toBe(true);
    expect(Buffer.from(await storage.get(b?.local_path ?? "")).equals(pdfB)).toBe(true);

    // The hash now covers both digests; the tender waits for the indexer with an event in the outbox.
    const tender = await findTenderById(t.db, seeded.id);
    const input = await loadContentHashInput(t.db, seeded.id);
    expect(tender?.content_hash).not.toBe(seeded.contentHash);
    expect(tender?.content_hash).toBe(contentHash(input ?? ({} as never)));
    expect(input?.attachments.map((x) => x.sha256).sort()).toEqual([sha256(pdfA), sha256(pdfB)].sort());
    expect(tender?.index_status).toBe("pending");
    const events = await outboxFor(seeded.id);
    const last = events.at(-1);
    expect(last?.subject).toBe(worker.subject);
    expect(last?.payload).toMatchObject({ tender_id: seeded.id, content_hash: tender?.content_hash });
    expect(createTenderChangedV1Validator()(last?.payload).ok).toBe(true);

    // Its own events come back to the downloader: nothing is pending, so nothing changes.
    await vi.waitFor(async () => {
      expect((await outboxFor(seeded.id)).every((row) => row.published_at !== null)).toBe(true);
    }, waitLong);
    await drained(worker.topology);
    expect((await findTenderById(t.db, seeded.id))?.content_hash).toBe(tender?.content_hash);
    expect(await outboxFor(seeded.id)).toHaveLength(events.length);
  });
});

describe("downloader facing hostile servers (private addresses not allowed)", () => {
  let root: string;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  const logger = recordingLogger();

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "downloader-hostile-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    worker = await startWorker(createFilesystemStorage(root), { logger });
    server.route("/big-declared", serveBytes(Buffer.alloc(MAX_BYTES + 1, 1)));
    server.route("/big-chunked", serveChunked(Buffer.alloc(MAX_BYTES + 200_000, 2)));
    server.route("/to-localhost", redirectTo(`http://localhost:${server.port}/ted/821062`));
    server.route("/to-loopback", redirectTo(`http://127.0.0.1:${server.port}/ted/821062`));
    server.route(
      "/to-metadata",
      redirectTo("http://169.254.169.254/latest/meta-data/iam/security-credentials/"),
    );
    server.route("/to-file", redirectTo("file:///etc/passwd"));
    server.route("/empty.pdf", serveBytes(Buffer.alloc(0), { "content-type": "application/pdf" }));
    server.route("/slow.pdf", trickle(200));
    server.route("/missing.pdf", status(404));
    server.route("/broken.pdf", status(500));
  });

  it("records each hostile case as failed, stores nothing, and goes on serving", async () => {
    const cases: [path: string, error: RegExp][] = [
      ["/big-declared", /^larger than 1000000 bytes$/],
      ["/big-chunked", /^larger than 1000000 bytes$/],
      ["/to-localhost", /^refused: (127\.0\.0\.1|::1) is a loopback address$/],
      ["/to-loopback", /^refused: 127\.0\.0\.1 is a loopback address$/],
      ["/to-metadata", /^refused: 169\.254\.169\.254 is a cloud metadata address$/],
      ["/to-file", /^refused: scheme file: is not allowed$/],
      ["/empty.pdf", /^empty file \(0 bytes\)$/],
      ["/slow.pdf", /^timed out after 4000 ms$/],
      ["/missing.pdf?token=s3cret", /^HTTP 404$/],
      ["/broken.pdf", /^HTTP 500$/],
    ];
    const seeded = [];
    for (const [path] of cases)
      seeded.push(
        await seedTender(t.db, { eventSubject: worker.subject, attachments: [{ sourceUrl: docUrl(path) }] }),
      );
    // Not on the allowlist of its source at all: refused before any request.
    const foreign = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: [{ sourceUrl: "https://files.elsewhere.example/a.pdf" }],
    });
    // After all of them, an ordinary tender: the worker is still serving.
    const good = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: [{ sourceUrl: docUrl("/ted/821062") }],
    });

    for (const [i, [path, error]] of cases.entries()) {
      const tender = seeded[i];
      if (!tender) throw new Error("missing tender");
      const [row] = await settled(tender.id);
      expect({ path, status: row?.download_status }).toEqual({ path, status: "failed" });
      expect(row?.last_error).toMatch(error);
      expect(row?.local_path).toBeNull();
      // A failure changes nothing the hash covers: no new event.
      expect((await findTenderById(t.db, tender.id))?.content_hash).toBe(tender.contentHash);
      expect(await outboxFor(tender.id)).toHaveLength(1);
    }
    const [refused] = await settled(foreign.id);
    expect(refused?.last_error).toBe("refused: host files.elsewhere.example is not on the allowlist");
    const [ready] = await settled(good.id);
    expect(ready?.download_status).toBe("ready");
    expect(ready?.sha256).toBe(sha256(pdfA));

    // The server error was tried again once; the refused redirects were never followed.
    expect(server.hits.get("/broken.pdf")).toBe(2);
    // Only the good file is on disk: no partial or temporary file of any failed download.
    const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.map((e) => join(e.parentPath, e.name))).toEqual([join(root, ready?.local_path ?? "")]);
    // Logs say which host failed, never the path or query of the URL.
    expect(JSON.stringify(logger.lines)).not.toContain("s3cret");
    expect(logger.lines.filter((l) => (l as { level: string }).level === "error")).toEqual([]);
  });
});

describe("downloader concurrency", () => {
  it("never downloads more than DOWNLOAD_CONCURRENCY files at once, across events", async () => {
    const gated = await startDocumentServer(ORIGIN_ADDRESS);
    cleanups.push(() => gated.close());
    const held: (() => void)[] = [];
    let released = false;
    for (let i = 0; i < 8; i++) {
      const answer = serveBytes(Buffer.from(`document number ${i}`), { "content-type": "text/plain" });
      gated.route(`/gate/${i}`, (request, response) => {
        if (released) return answer(request, response);
        held.push(() => answer(request, response));
      });
    }
    const root = await mkdtemp(join(tmpdir(), "downloader-gate-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const worker = await startWorker(createFilesystemStorage(root), {
      concurrency: 3,
      policy: { extraAllowedHosts: [`docs.test:${gated.port}`] },
    });
    const url = (i: number) => `http://docs.test:${gated.port}/gate/${i}`;
    const first = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: [0, 1, 2, 3].map((i) => ({ sourceUrl: url(i) })),
    });
    const second = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: [4, 5, 6, 7].map((i) => ({ sourceUrl: url(i) })),
    });

    await vi.waitFor(() => expect(gated.open).toBe(3), waitLong);
    // Give a fourth download every chance to start; it must not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gated.open).toBe(3);
    expect([...gated.hits.values()].reduce((a, b) => a + b, 0)).toBe(3);

    released = true;
    for (const answer of held.splice(0)) answer();
    const rows = [...(await settled(first.id)), ...(await settled(second.id))];
    expect(rows.map((r) => r.download_status)).toEqual(new Array(8).fill("ready"));
    expect(gated.maxOpen).toBe(3);
    expect([...gated.hits.values()].reduce((a, b) => a + b, 0)).toBe(8);
  });
});

describe("downloader backoff after a failed download", () => {
  it("leaves a recently failed document alone when a re-crawl requeues it, and fetches it once its pause is over", async () => {
    const root = await mkdtemp(join(tmpdir(), "downloader-backoff-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const logger = recordingLogger();
    const worker = await startWorker(createFilesystemStorage(root), { logger });
    let published = false;
    const serve = serveBytes(pdfA, { "content-type": "application/pdf" });
    server.route("/later.pdf", (request, response) => {
      if (published) serve(request, response);
      else response.writeHead(404).end("not yet");
    });
    const listed: Partial<AttachmentInput>[] = [{ source_url: docUrl("/later.pdf"), filename: "later.pdf" }];
    const seeded = await seedTender(t.db, {
      eventSubject: worker.subject,
      attachments: listed.map((a) => ({ sourceUrl: a.source_url, filename: a.filename })),
    });
    /** An ingest pass listing the notice again (requeued: what it must requeue), then an event. */
    const recrawl = async (requeued: number) =>
      t.db.transaction().execute(async (trx) => {
        const counts = await syncTenderAttachments(
          trx,
          seeded.id,
          listed.map(
            (a) => ({ external_id: null, title: null, content_type: null, ...a }) as AttachmentInput,
          ),
        );
        expect(counts.requeued).toBe(requeued);
        await enqueueTenderChanged(trx, {
          tenderId: seeded.id,
          contentHash: seeded.contentHash,
          subject: worker.subject,
        });
      });

    const [failed] = await settled(seeded.id);
    expect(failed).toMatchObject({ download_status: "failed", last_error: "HTTP 404", download_failures: 1 });
    // The first pause is an hour (DEFAULT_FAILURE_BACKOFF), by the database's clock.
    const ahead = await sql<{ minutes: string }>`
      SELECT extract(epoch FROM next_download_at - now()) / 60 AS minutes FROM attachments WHERE id = ${failed?.id}`.execute(
      t.db,
    );
    expect(Number(ahead.rows[0]?.minutes)).toBeGreaterThan(55);
    expect(server.hits.get("/later.pdf")).toBe(1);

    // A re-crawl within the pause leaves it failed. A row left pending meanwhile (by an earlier
    // ingest, which requeued on every crawl) goes straight back to failed, without a request.
    published = true;
    await sql`UPDATE attachments SET download_status = 'pending' WHERE id = ${failed?.id}`.execute(t.db);
    await recrawl(0);
    await vi.waitFor(async () => {
      expect((await outboxFor(seeded.id)).every((row) => row.published_at !== null)).toBe(true);
    }, waitLong);
    await drained(worker.topology);
    expect(server.hits.get("/later.pdf")).toBe(1);
    expect((await listAttachmentsForTender(t.db, seeded.id))[0]).toMatchObject({
      download_status: "failed",
      last_error: "HTTP 404",
      download_failures: 1,
      local_path: null,
    });
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        msg: "Attachment failed recently; left failed until its next try",
        failures: 1,
      }),
    );

    // Once the pause is over, the next re-crawl downloads it, and its failures are forgotten.
    await sql`UPDATE attachments SET next_download_at = now() - interval '1 second' WHERE id = ${failed?.id}`.execute(
      t.db,
    );
    await recrawl(1);
    await vi.waitFor(async () => {
      const [row] = await listAttachmentsForTender(t.db, seeded.id);
      expect(row).toMatchObject({
        download_status: "ready",
        sha256: sha256(pdfA),
        last_error: null,
        download_failures: 0,
        next_download_at: null,
      });
    }, waitLong);
    expect(server.hits.get("/later.pdf")).toBe(2);
  });
});
