import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { type AttachmentRow, enqueueTenderChanged, findTenderById } from "@tender/db";
import type { DocumentServer } from "@tender/egress/testing";
import { seedTender, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type DownloaderProcess,
  downloaderStarted,
  useDownloaderProcesses,
} from "./testing/downloader-process.js";

// Two real downloader processes (the built service) sharing the database, the storage and the
// consumer, fetching files that change on every fetch.
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const LEASE_MS = 1_000;
/** How long a consumer's pull request stays open (run-consumer's default). */
const PULL_EXPIRES_MS = 10_000;
const TENDERS = 3;
const PER_TENDER = 2;
const wait = { timeout: 40_000, interval: 100 };

const t = useTestDatabase();
const processes = useDownloaderProcesses(t);
const { names } = processes;

/** Each fetch of a path gets the next version of its bytes, held until its version's gate opens. */
const fetches = new Map<string, { startedAt: number; version: number }[]>();
const gates = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
const versionBytes = (path: string, version: number) =>
  Buffer.from(`version ${version} of ${path}\n`.repeat(200));

const startDownloader = () =>
  processes.start({
    DOWNLOAD_TIMEOUT_MS: "60000",
    DOWNLOAD_CONCURRENCY: "8",
    DOWNLOAD_LEASE_MS: String(LEASE_MS),
  });

/** The "Attachment downloaded" lines of a process: attachment id and whether its commit applied. */
const downloadLines = (service: DownloaderProcess) =>
  service.logs
    .filter((l) => typeof l.msg === "string" && l.msg.startsWith("Attachment downloaded"))
    .map((l) => ({ id: l.attachment_id as string, applied: l.applied as boolean }));

async function rowsOf(tenderIds: readonly string[]): Promise<AttachmentRow[]> {
  return t.db
    .selectFrom("attachments")
    .selectAll()
    .where("tender_id", "in", tenderIds)
    .orderBy("id")
    .execute();
}

let server: DocumentServer;
let root: string;
beforeAll(() => {
  server = processes.server;
  root = processes.root;
});
// The held responses are sent before the server closes.
afterAll(() => {
  for (const gate of gates) gate.resolve();
});

describe("two downloader processes", () => {
  it("keep every row's sha256 equal to its stored bytes when one stalls past its claim and the files change", async () => {
    const paths: string[] = [];
    for (let i = 0; i < TENDERS * PER_TENDER; i++) {
      const path = `/changing/${i}.txt`;
      paths.push(path);
      fetches.set(path, []);
      server.route(path, (_request, response) => {
        const seen = fetches.get(path) ?? [];
        const version = seen.length + 1;
        seen.push({ startedAt: Date.now(), version });
        const body = versionBytes(path, version);
        const send = () =>
          response
            .writeHead(200, { "content-type": "text/plain", "content-length": String(body.length) })
            .end(body);
        void (gates[version - 1]?.promise ?? Promise.resolve()).then(send);
      });
    }

    // The first process takes every event and starts every fetch (held by the server).
    const first = startDownloader();
    await downloaderStarted(first);
    const tenders = [];
    for (let i = 0; i < TENDERS; i++) {
      const attachments = paths
        .slice(i * PER_TENDER, (i + 1) * PER_TENDER)
        .map((path) => ({ filename: basename(path), sourceUrl: `${server.origin}${path}` }));
      tenders.push(await seedTender(t.db, { eventSubject: names.subject, attachments }));
    }
    const tenderIds = tenders.map((s) => s.id);
    await vi.waitFor(() => {
      for (const path of paths) expect(fetches.get(path)).toHaveLength(1);
    }, wait);

    // Every fetch runs under the first process's claim, taken just before it.
    const firstClaims = new Map((await rowsOf(tenderIds)).map((r) => [r.id, r.claim_expires_at]));
    expect([...firstClaims.values()].every((expiry) => expiry !== null)).toBe(true);
    const lastExpiry = Math.max(...[...firstClaims.values()].map((expiry) => expiry?.getTime() ?? 0));

    // It stalls (as under a long pause) while its claims run out; a second process starts.
    first.child.kill("SIGSTOP");
    const second = startDownloader();
    await downloaderStarted(second);
    // Past its claims, and past its last pull request (10 s), which the server would otherwise
    // still fill with the next events.
    const stoppedAt = Date.now();
    const resumeAt = Math.max(lastExpiry + 50, stoppedAt + PULL_EXPIRES_MS + 1_000);
    await new Promise((resolve) => setTimeout(resolve, resumeAt - Date.now()));
    for (const id of tenderIds) {
      const contentHash = (await findTenderById(t.db, id))?.content_hash ?? "";
      await enqueueTenderChanged(t.db, { tenderId: id, contentHash, subject: names.subject });
    }
    // Only the second is running: it takes the expired claims over and fetches version 2.
    await vi.waitFor(() => {
      for (const path of paths) expect(fetches.get(path)).toHaveLength(2);
    }, wait);

    // The first wakes up and receives version 1 of every file while the rows are still pending:
    // its commits are refused, the claims being the second's now, and its copies deleted.
    gates[0]?.resolve();
    first.child.kill("SIGCONT");
    await vi.waitFor(() => expect(downloadLines(first)).toHaveLength(paths.length), wait);
    expect((await rowsOf(tenderIds)).map((r) => r.download_status)).toEqual(paths.map(() => "pending"));

    // The second receives version 2 and commits it.
    gates[1]?.resolve();
    await vi.waitFor(async () => {
      expect((await rowsOf(tenderIds)).map((r) => r.download_status)).toEqual(paths.map(() => "ready"));
    }, wait);
    await vi.waitFor(() => expect(downloadLines(second)).toHaveLength(paths.length), wait);

    const rows = await rowsOf(tenderIds);

    for (const row of rows) {
      const path = new URL(row.source_url).pathname;
      const stored = await readFile(join(root, row.local_path ?? "missing"));
      expect(sha256(stored)).toBe(row.sha256);
      expect(row.sha256).toBe(sha256(versionBytes(path, 2)));
      // Fetched twice, each time under a claim of its own: the second only once the first ran out.
      const [stalled, takeover] = fetches.get(path) ?? [];
      expect(fetches.get(path)).toHaveLength(2);
      expect(takeover?.startedAt).toBeGreaterThanOrEqual(
        firstClaims.get(row.id)?.getTime() ?? Number.POSITIVE_INFINITY,
      );
      expect(stalled?.version).toBe(1);
      // Committed by the second process only; the first dropped its late copy.
      expect(downloadLines(second).filter((l) => l.id === row.id)).toEqual([{ id: row.id, applied: true }]);
      expect(downloadLines(first).filter((l) => l.id === row.id)).toEqual([{ id: row.id, applied: false }]);
    }
    // Nothing but the rows' objects is stored: the refused copies were deleted.
    for (const id of tenderIds) {
      const named = rows.filter((r) => r.tender_id === id).map((r) => basename(r.local_path ?? ""));
      expect((await readdir(join(root, id))).sort()).toEqual(named.sort());
    }

    for (const service of [first, second]) service.child.kill("SIGTERM");
    expect(await Promise.all([first.exited, second.exited])).toEqual([0, 0]);
  }, 180_000);
});
