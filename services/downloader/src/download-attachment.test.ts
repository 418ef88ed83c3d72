import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AttachmentRow } from "@tender/db";
import { forbiddenAddressReason } from "@tender/egress";
import {
  type DocumentServer,
  serveBytes,
  serveChunked,
  startDocumentServer,
  status,
  trickle,
} from "@tender/egress/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { type BlobStorage, createFilesystemStorage } from "@tender/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentStorageKey, type DownloadOutcome, downloadAttachment } from "./download-attachment.js";
import { type DownloadPolicy, downloadPolicy } from "./download-policy.js";

const ORIGIN_ADDRESS = "127.0.0.2";
const pdf = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062));
let server: DocumentServer;
let root: string;
let storage: BlobStorage;

function policy(over: Partial<DownloadPolicy> = {}): DownloadPolicy {
  return downloadPolicy(
    {
      maxBytes: 300_000,
      timeoutMs: 10_000,
      extraAllowedHosts: [`docs.test:${server.port}`],
      allowPrivateAddresses: false,
      resolveHost: async () => [{ address: ORIGIN_ADDRESS, family: 4 }],
    },
    {
      addressReason: (a) => (a === ORIGIN_ADDRESS ? undefined : forbiddenAddressReason(a)),
      retries: 2,
      retryDelayMs: 10,
      ...over,
    },
  );
}

function attachment(path: string, over: Partial<AttachmentRow> = {}): AttachmentRow {
  return {
    id: randomUUID(),
    tender_id: randomUUID(),
    external_id: null,
    title: null,
    filename: "notice",
    content_type: null,
    source_url: `http://docs.test:${server.port}${path}`,
    local_path: null,
    sha256: null,
    size_bytes: null,
    download_status: "pending",
    last_error: null,
    download_failures: 0,
    next_download_at: null,
    claim_token: null,
    claim_expires_at: null,
    created_at: new Date(),
    updated_at: new Date(),
    ...over,
  };
}

async function download(a: AttachmentRow, over: Partial<DownloadPolicy> = {}): Promise<DownloadOutcome> {
  return downloadAttachment({ storage, policy: policy(over) }, a, "ted", new AbortController().signal);
}

/** Every file under the storage root, temporary ones included. */
async function filesOnDisk(): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "downloader-test-"));
  storage = createFilesystemStorage(root);
  server = await startDocumentServer(ORIGIN_ADDRESS);
  server.route(
    "/notice.pdf",
    serveBytes(pdf, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename*=UTF-8''Bando%20di%20gara%20%E2%80%93%20821062.pdf`,
    }),
  );
  server.route("/chunked.pdf", serveChunked(pdf, { "content-type": "application/octet-stream" }));
  server.route("/too-big-chunked", serveChunked(Buffer.alloc(400_000, 7)));
  server.route("/empty", serveBytes(Buffer.alloc(0)));
  server.route("/slow", trickle(100));
  server.route("/s404", status(404));
  server.route("/s500", status(500));
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe("downloadAttachment", () => {
  it("stores the file under <tender_id>/<attachment_id> with its size, sha256, name and type", async () => {
    const a = attachment("/notice.pdf");
    const outcome = await download(a);
    expect(outcome).toEqual({
      ok: true,
      stored: {
        key: `${a.tender_id}/${a.id}`,
        sizeBytes: pdf.length,
        sha256: createHash("sha256").update(pdf).digest("hex"),
      },
      filename: "Bando di gara – 821062.pdf",
      contentType: "application/pdf",
    });
    expect(Buffer.from(await storage.get(attachmentStorageKey(a))).equals(pdf)).toBe(true);
  });

  it("streams a body without Content-Length and names the file after the URL", async () => {
    const a = attachment("/chunked.pdf", { content_type: "application/pdf" });
    const outcome = await download(a);
    expect(outcome.ok && outcome.stored.sizeBytes).toBe(pdf.length);
    expect(outcome.ok && [outcome.filename, outcome.contentType]).toEqual(["chunked.pdf", "application/pdf"]);
  });

  it.each([
    ["/too-big-chunked", "larger than 300000 bytes"],
    ["/empty", "empty file (0 bytes)"],
    ["/s404", "HTTP 404"],
  ])("fails %s with %j and stores nothing", async (path, error) => {
    const a = attachment(path);
    expect(await download(a)).toEqual({ ok: false, error });
    expect(await storage.exists(attachmentStorageKey(a))).toBe(false);
    expect((await filesOnDisk()).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("retries a server error, then reports it", async () => {
    const before = server.hits.get("/s500") ?? 0;
    expect(await download(attachment("/s500"))).toEqual({ ok: false, error: "HTTP 500" });
    expect((server.hits.get("/s500") ?? 0) - before).toBe(3);
  });

  it("succeeds when a retry gets the file", async () => {
    let calls = 0;
    server.route("/flaky", (request, response) => {
      calls += 1;
      if (calls === 1) return void response.writeHead(503).end();
      serveBytes(Buffer.from("second time lucky"))(request, response);
    });
    const outcome = await download(attachment("/flaky"));
    expect(outcome.ok && outcome.stored.sizeBytes).toBe(17);
    expect(calls).toBe(2);
  });

  it("gives up on a download that exceeds the whole-download timeout, keeping nothing", async () => {
    const a = attachment("/slow");
    expect(await download(a, { timeoutMs: 800, idleTimeoutMs: 5_000, retries: 0 })).toEqual({
      ok: false,
      error: "timed out after 800 ms",
    });
    expect(await storage.exists(attachmentStorageKey(a))).toBe(false);
    expect((await filesOnDisk()).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("refuses a redirect to another port of an allowed host, even with private addresses allowed", async () => {
    const other = await startDocumentServer("127.0.0.1");
    const first = await startDocumentServer("127.0.0.1");
    try {
      other.route("/internal.pdf", serveBytes(pdf));
      first.route(
        "/notice.pdf",
        (_q, r) => void r.writeHead(302, { location: `${other.origin}/internal.pdf` }).end(),
      );
      const open = downloadPolicy({
        maxBytes: 300_000,
        timeoutMs: 10_000,
        extraAllowedHosts: [`127.0.0.1:${first.port}`],
        allowPrivateAddresses: true,
        resolveHost: async () => [],
      });
      const a = attachment("/notice.pdf", { source_url: `${first.origin}/notice.pdf` });
      const outcome = await downloadAttachment(
        { storage, policy: open },
        a,
        "ted",
        new AbortController().signal,
      );
      expect(outcome).toEqual({
        ok: false,
        error: `refused: host 127.0.0.1:${other.port} is not on the allowlist`,
      });
      expect(other.hits.size).toBe(0);
      expect(await storage.exists(attachmentStorageKey(a))).toBe(false);
    } finally {
      await Promise.all([other.close(), first.close()]);
    }
  });

  it("refuses a host that is not on the source's allowlist without a request", async () => {
    const a = attachment("/notice.pdf", { source_url: "https://elsewhere.example/notice.pdf" });
    expect(await download(a)).toEqual({
      ok: false,
      error: "refused: host elsewhere.example is not on the allowlist",
    });
  });

  it("reports a storage that cannot write as a short storage error", async () => {
    const blocked = join(root, "not-a-directory");
    await writeFile(blocked, "a file where a directory should be");
    const outcome = await downloadAttachment(
      { storage: createFilesystemStorage(blocked), policy: policy() },
      attachment("/notice.pdf"),
      "ted",
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({ ok: false, error: "could not store the file (ENOTDIR)" });
  });

  it("throws the stop reason instead of reporting a failure when the worker stops", async () => {
    const controller = new AbortController();
    const pending = downloadAttachment(
      { storage, policy: policy() },
      attachment("/slow"),
      "ted",
      controller.signal,
    );
    setTimeout(() => controller.abort(new Error("worker stopping")), 100);
    await expect(pending).rejects.toThrow("worker stopping");
  });
});
