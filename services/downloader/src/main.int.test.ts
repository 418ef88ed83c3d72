import { createHash } from "node:crypto";
import { readdir, readFile, stat, utimes } from "node:fs/promises";
import { basename, join } from "node:path";
import { type AttachmentRow, findTenderById, listAttachmentsForTender } from "@tender/db";
import type { DocumentServer } from "@tender/egress/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { seedTender, useTestDatabase } from "@tender/testing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type DownloaderProcess,
  downloaderStarted,
  useDownloaderProcesses,
} from "./testing/downloader-process.js";

// These tests run the built service as a child process, to kill it for real in the middle of a
// download.
const waitLong = { timeout: 25_000, interval: 50 };
const pdf = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const t = useTestDatabase();
const processes = useDownloaderProcesses(t);
const { names } = processes;

function startService(): DownloaderProcess {
  return processes.start({
    DOWNLOAD_TIMEOUT_MS: "20000",
    // The killed process's claim runs out before its message comes back (60 s ack wait).
    DOWNLOAD_LEASE_MS: "30000",
  });
}

async function attachmentOf(tenderId: string): Promise<AttachmentRow> {
  const [row] = await listAttachmentsForTender(t.db, tenderId);
  if (!row) throw new Error("attachment missing");
  return row;
}

let server: DocumentServer;
let root: string;
beforeAll(() => {
  server = processes.server;
  root = processes.root;
});

describe("downloader service process", () => {
  it("killed mid-download leaves no partial file; after a restart the attachment ends ready", async () => {
    let requests = 0;
    const halfSent = Promise.withResolvers<void>();
    server.route("/crash.pdf", (_request, response) => {
      requests += 1;
      response.writeHead(200, { "content-type": "application/pdf", "content-length": String(pdf.length) });
      if (requests > 1) return void response.end(pdf);
      // The first time: half the file, then nothing, until the process is killed.
      response.write(pdf.subarray(0, pdf.length / 2), () => halfSent.resolve());
    });

    const first = startService();
    await downloaderStarted(first);
    const seeded = await seedTender(t.db, {
      eventSubject: names.subject,
      attachments: [{ sourceUrl: `${server.origin}/crash.pdf` }],
    });
    await halfSent.promise;
    const attachmentId = (await attachmentOf(seeded.id)).id;
    let partial = "";
    await vi.waitFor(async () => {
      const entries = await readdir(join(root, seeded.id)).catch(() => []);
      partial = entries.find((n) => n.endsWith(".part")) ?? "";
      expect(partial).not.toBe("");
      expect((await stat(join(root, seeded.id, partial))).size).toBeGreaterThan(0);
    }, waitLong);

    first.child.kill("SIGKILL");
    await first.exited;
    // Nothing half-written is visible: no file but the temporary one, the row still pending.
    expect(await readdir(join(root, seeded.id))).toEqual([partial]);
    expect(await attachmentOf(seeded.id)).toMatchObject({ download_status: "pending", local_path: null });
    // Pretend the interrupted put is old enough that no live download can own it.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(root, seeded.id, partial), anHourAgo, anHourAgo);

    const second = startService();
    const healthPort = await downloaderStarted(second);
    const ready = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", checks: { database: "ok", nats: "ok" } },
    ]);
    // No new event: the message the killed process held comes back to the new one once its ack
    // wait (60 s) runs out, and the attachment, still pending, is downloaded.
    await vi.waitFor(async () => expect((await attachmentOf(seeded.id)).download_status).toBe("ready"), {
      timeout: 150_000,
      interval: 500,
    });
    expect(requests).toBe(2);

    const row = await attachmentOf(seeded.id);
    // Stored under the new process's claim: `<tender>/<attachment>.<claim token>`.
    const key = row.local_path ?? "";
    expect(key).toMatch(new RegExp(`^${seeded.id}/${attachmentId}\\.[0-9a-f-]{36}$`));
    expect(row).toMatchObject({ size_bytes: pdf.length, sha256: sha256(pdf) });
    expect((await readFile(join(root, key))).equals(pdf)).toBe(true);
    // The startup sweep removed the interrupted download's temporary file.
    expect(await readdir(join(root, seeded.id))).toEqual([basename(key)]);
    expect((await findTenderById(t.db, seeded.id))?.content_hash).not.toBe(seeded.contentHash);

    // SIGTERM: the service stops taking work, closes its connections and exits 0.
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.logs.some((l) => l.msg === "Downloader stopped")).toBe(true);
  }, 200_000);
});
