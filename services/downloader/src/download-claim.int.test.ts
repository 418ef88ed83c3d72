import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AttachmentRow, listAttachmentsForTender } from "@tender/db";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import { createFilesystemStorage } from "@tender/storage";
import { createTestDatabase, seedTender, type TestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DownloadPolicy } from "./download-policy.js";
import { localDownloadDeps } from "./local-download-deps.js";
import { DownloadClaimedError, processAttachment } from "./process-attachment.js";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
let t: TestDatabase;
let server: DocumentServer;
let root: string;
let storage: ReturnType<typeof createFilesystemStorage>;

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startDocumentServer();
  root = await mkdtemp(join(tmpdir(), "download-claim-"));
  storage = createFilesystemStorage(root);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
  await rm(root, { recursive: true, force: true });
});

/** One downloader: its own policy and logger, the shared database and storage (as two processes have). */
const downloader = (over: Partial<DownloadPolicy> = {}) =>
  localDownloadDeps(t.db, storage, server.port, "claim.test.tender.changed.v1", over);

/**
 * A remote file that changes on every fetch ("version 1", "version 2", ...); the first response
 * is held until `releaseFirst()`.
 */
function changingFile(path: string) {
  let fetches = 0;
  let releaseFirst = () => {};
  const held = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  server.route(path, (_request, response) => {
    fetches += 1;
    const body = Buffer.from(`version ${fetches} of the tender documents\n`.repeat(500));
    const send = () =>
      response
        .writeHead(200, { "content-type": "text/plain", "content-length": String(body.length) })
        .end(body);
    if (fetches === 1) void held.then(send);
    else send();
  });
  return { releaseFirst, fetches: () => fetches };
}

async function pendingAttachment(path: string): Promise<AttachmentRow> {
  const seeded = await seedTender(t.db, { attachments: [{ sourceUrl: `${server.origin}${path}` }] });
  const [row] = await listAttachmentsForTender(t.db, seeded.id);
  if (!row) throw new Error("no attachment");
  return row;
}

/** The row's digest against the bytes stored where it points, and every object of the tender. */
async function storedState(attachment: AttachmentRow) {
  const [row] = await listAttachmentsForTender(t.db, attachment.tender_id);
  const bytes = await storage.get(row?.local_path ?? "");
  const objects = await readdir(join(root, attachment.tender_id));
  return { row, bytesSha256: sha256(bytes), objects };
}

const signal = () => new AbortController().signal;

describe("two downloaders and one attachment", () => {
  it("fetches the file once: the second finds the claim taken before its fetch", async () => {
    const file = changingFile("/once.txt");
    const attachment = await pendingAttachment("/once.txt");
    const first = processAttachment(downloader(), attachment, "ted", signal());
    await vi.waitFor(() => expect(file.fetches()).toBe(1));

    await expect(processAttachment(downloader(), attachment, "ted", signal())).rejects.toBeInstanceOf(
      DownloadClaimedError,
    );
    file.releaseFirst();
    await first;
    expect(file.fetches()).toBe(1);
    const state = await storedState(attachment);
    expect(state.row).toMatchObject({ download_status: "ready", claim_token: null, claim_expires_at: null });
    expect(state.row?.sha256).toBe(state.bytesSha256);
    expect(state.objects).toHaveLength(1);
  });

  it("keeps the row's sha256 equal to the stored bytes when a stale downloader finishes after the file changed", async () => {
    const file = changingFile("/changing.txt");
    const attachment = await pendingAttachment("/changing.txt");
    // The first downloader's claim runs out while its fetch of version 1 hangs.
    const stale = processAttachment(downloader({ leaseMs: 1_000 }), attachment, "ted", signal());
    await vi.waitFor(() => expect(file.fetches()).toBe(1));

    // The second claims once the lease ran out, fetches version 2 and commits it.
    await vi.waitFor(
      async () => {
        await processAttachment(downloader(), attachment, "ted", signal());
      },
      { timeout: 10_000, interval: 200 },
    );
    const committed = await storedState(attachment);
    expect(committed.row?.download_status).toBe("ready");
    expect(committed.row?.sha256).toBe(committed.bytesSha256);
    const version2 = committed.row?.sha256;

    // Version 1 arrives late: stored under its own claim, refused at commit, and dropped.
    file.releaseFirst();
    await stale;
    expect(file.fetches()).toBe(2);
    const after = await storedState(attachment);
    expect(after.row?.sha256).toBe(version2);
    expect(after.bytesSha256).toBe(version2);
    expect(after.row?.local_path).toBe(committed.row?.local_path);
    expect(after.objects).toEqual(committed.objects);
    // One change event: the stale downloader's refused commit announced nothing.
    const events = await t.db
      .selectFrom("outbox")
      .select("payload")
      .where("subject", "=", "claim.test.tender.changed.v1")
      .execute();
    expect(events.filter((e) => e.payload.tender_id === attachment.tender_id)).toHaveLength(1);
  });

  it("gives the claim up when the download is interrupted by a shutdown", async () => {
    const file = changingFile("/interrupted.txt");
    const attachment = await pendingAttachment("/interrupted.txt");
    const stop = new AbortController();
    const interrupted = processAttachment(downloader(), attachment, "ted", stop.signal);
    await vi.waitFor(() => expect(file.fetches()).toBe(1));
    stop.abort();
    await expect(interrupted).rejects.toBeDefined();
    const [row] = await listAttachmentsForTender(t.db, attachment.tender_id);
    expect(row).toMatchObject({ download_status: "pending", claim_token: null, local_path: null });
    file.releaseFirst();
    // The next event downloads it at once.
    await processAttachment(downloader(), attachment, "ted", signal());
    const state = await storedState(attachment);
    expect(state.row?.sha256).toBe(state.bytesSha256);
  });
});
