import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Bus, busNames, connectBus } from "@tender/bus";
import { type AttachmentRow, findTenderById, listAttachmentsForTender } from "@tender/db";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/testing";
import { seedTender, testNatsUrl, uniqueBusToken, useTestDatabase, workerProcessEnv } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// These tests run the built service (`pnpm build` first; scripts/test.sh does) as a child
// process, to kill it for real in the middle of a download.
const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const waitLong = { timeout: 25_000, interval: 50 };
const pdf = await readFile(tedFixturePath(TED_FIXTURES.noticePdf821062));
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const t = useTestDatabase();
let bus: Bus;
let server: DocumentServer;
let root: string;
const prefix = `t${uniqueBusToken()}`;
const names = busNames(prefix);
const children: ChildProcess[] = [];

interface Service {
  child: ChildProcess;
  /** JSON log lines written so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

function startService(): Service {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...workerProcessEnv({ databaseUrl: t.url, busPrefix: prefix, storageDir: root, logLevel: "info" }),
      DOWNLOAD_ALLOWED_HOSTS: `127.0.0.1:${server.port}`,
      DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: "true",
      DOWNLOAD_TIMEOUT_MS: "20000",
      // The killed process's claim runs out before its message comes back (60 s ack wait).
      DOWNLOAD_LEASE_MS: "30000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const logs: Record<string, unknown>[] = [];
  let buffered = "";
  child.stdout?.on("data", (data: Buffer) => {
    buffered += data.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  child.stderr?.on("data", (data: Buffer) => process.stderr.write(data));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, logs, exited };
}

async function started(service: Service): Promise<number> {
  let port = 0;
  await vi.waitFor(() => {
    const line = service.logs.find((l) => l.msg === "Downloader started");
    expect(line).toBeDefined();
    port = Number(line?.health_port);
  }, waitLong);
  return port;
}

async function attachmentOf(tenderId: string): Promise<AttachmentRow> {
  const [row] = await listAttachmentsForTender(t.db, tenderId);
  if (!row) throw new Error("attachment missing");
  return row;
}

beforeAll(async () => {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run \`pnpm build\` before the integration tests`);
  bus = await connectBus({ servers: testNatsUrl(), name: "downloader-main-test" });
  root = await mkdtemp(join(tmpdir(), "downloader-main-"));
  server = await startDocumentServer("127.0.0.1");
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const stream of [names.stream, names.dlqStream]) await bus?.jsm.streams.delete(stream).catch(() => {});
  await server?.close();
  await bus?.close();
  await rm(root, { recursive: true, force: true });
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
    await started(first);
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
    const healthPort = await started(second);
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
