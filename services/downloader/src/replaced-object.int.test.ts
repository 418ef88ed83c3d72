import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Bus, connectBus } from "@tender/bus";
import {
  type AttachmentRow,
  listAttachmentsForTender,
  lockTenderRow,
  requeueDownload,
  syncTenderAttachments,
} from "@tender/db";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import { type BlobStorage, createFilesystemStorage, createNatsObjectStorage } from "@tender/storage";
import { seedTender, testNatsUrl, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDownloadDeps } from "./local-download-deps.js";
import { processAttachment } from "./process-attachment.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const t = useTestDatabase();
let server: DocumentServer;
let root: string;
let bus: Bus;
const bucket = `test-replaced-${uniqueBusToken()}`;
const drivers: Record<string, BlobStorage> = {};

beforeAll(async () => {
  server = await startDocumentServer();
  root = await mkdtemp(join(tmpdir(), "replaced-object-"));
  bus = await connectBus({ servers: testNatsUrl(), name: "replaced-object-test" });
  drivers.filesystem = createFilesystemStorage(root);
  drivers.nats = await createNatsObjectStorage({ js: bus.js, bucket });
  // Every fetch returns new bytes, so each download stores a different file.
  let fetches = 0;
  server.route("/changing.txt", (_request, response) => {
    fetches += 1;
    const body = Buffer.from(`version ${fetches} of the tender documents\n`);
    response
      .writeHead(200, { "content-type": "text/plain", "content-length": String(body.length) })
      .end(body);
  });
});
afterAll(async () => {
  await bus?.jsm.streams.delete(`OBJ_${bucket}`).catch(() => {});
  await bus?.close();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const deps = (storage: BlobStorage) =>
  localDownloadDeps(t.db, storage, server.port, "replaced.test.tender.changed.v1");

async function rowOf(tenderId: string): Promise<AttachmentRow> {
  const [row] = await listAttachmentsForTender(t.db, tenderId);
  if (!row) throw new Error("no attachment");
  return row;
}

/** Downloads the tender's one attachment; returns the row after, checked against its stored bytes. */
async function download(storage: BlobStorage, tenderId: string): Promise<AttachmentRow> {
  await processAttachment(deps(storage), await rowOf(tenderId), "ted", new AbortController().signal);
  const row = await rowOf(tenderId);
  expect(row.download_status).toBe("ready");
  expect(sha256(await storage.get(row.local_path ?? ""))).toBe(row.sha256);
  return row;
}

describe.each(["filesystem", "nats"])("a re-downloaded attachment (%s storage)", (driver) => {
  const storage = () => drivers[driver] as BlobStorage;
  const seed = () =>
    seedTender(t.db, {
      attachments: [{ filename: "changing.txt", sourceUrl: `${server.origin}/changing.txt` }],
    });

  it("deletes the object the row named once the new download is committed (digest mismatch)", async () => {
    const tender = await seed();
    const first = await download(storage(), tender.id);
    await t.db.transaction().execute(async (trx) => {
      await lockTenderRow(trx, tender.id);
      expect(await requeueDownload(trx, first.id, "stored file does not match its digest")).toBe(true);
    });
    // Requeued: the row still names the old object, which is kept until it is replaced.
    expect(await rowOf(tender.id)).toMatchObject({
      download_status: "pending",
      local_path: first.local_path,
    });
    expect(await storage().exists(first.local_path ?? "")).toBe(true);

    const second = await download(storage(), tender.id);
    expect(second.local_path).not.toBe(first.local_path);
    expect(second.sha256).not.toBe(first.sha256);
    expect(await storage().exists(first.local_path ?? "")).toBe(false);
    expect(await storage().exists(second.local_path ?? "")).toBe(true);
  });

  it("deletes the object of a skipped attachment downloaded again after it is listed again", async () => {
    const tender = await seed();
    const first = await download(storage(), tender.id);
    const listing = {
      external_id: first.external_id,
      title: first.title,
      filename: first.filename,
      source_url: first.source_url,
      content_type: first.content_type,
    };
    await t.db.transaction().execute((trx) => syncTenderAttachments(trx, tender.id, []));
    expect((await rowOf(tender.id)).download_status).toBe("skipped");
    await t.db.transaction().execute((trx) => syncTenderAttachments(trx, tender.id, [listing]));
    expect(await rowOf(tender.id)).toMatchObject({ download_status: "pending", sha256: null });
    expect(await storage().exists(first.local_path ?? "")).toBe(true);

    const second = await download(storage(), tender.id);
    expect(await storage().exists(first.local_path ?? "")).toBe(false);
    expect(await storage().exists(second.local_path ?? "")).toBe(true);
  });
});
