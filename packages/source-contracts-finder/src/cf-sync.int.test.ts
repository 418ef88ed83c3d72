import { readFileSync } from "node:fs";
import { contentHash } from "@tender/contracts";
import {
  loadContentHashInput,
  markAttachmentFailed,
  markAttachmentReady,
  setTenderContentHash,
} from "@tender/db";
import { createPoliteHttpClient, HostNotAllowedError, runSyncPass, type SourceAdapter } from "@tender/ingest";
import { type ReplayHandler, type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { emptyTables, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCfAdapter } from "./index.js";

type Json = Record<string, unknown>;
type Package = Json & { releases: Array<Json & { tender: Json }>; links?: { next: string } };
const load = (name: string): Package =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
const limit2 = load("cf_ocds_search_tender_limit2_2026-09-19.json");
const august = load("cf_ocds_search_tender_2026-08-19.json");
const documents = load("cf_release_documents_attachments_trimmed_2026-09-19.json");
const SEARCH = "/Published/Notices/OCDS/Search";

const testDb = useTestDatabase();
let server: ReplayServer;
const subject = `t${uniqueBusToken().toLowerCase()}.tender.changed.v1`;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

/** The `links.next` of page `n`, in the shape of the live API (base64 cursor in the query). */
function nextLink(n: number): string {
  const cursor = Buffer.from(
    `publishedFrom=2026-08-01T00:00:00|stages=tender|limit=2|nextCursor=${900000 - n}`,
  ).toString("base64");
  return `${server.baseUrl}${SEARCH}?publishedFrom=2026-08-01T00:00:00&stages=tender&limit=2&cursor=${encodeURIComponent(cursor)}`;
}

/** Chains packages with links.next, the last one without. */
function chain(packages: Package[]): Package[] {
  return packages.map((pkg, i) => {
    const copy = structuredClone(pkg);
    delete copy.links;
    if (i < packages.length - 1) copy.links = { next: nextLink(i + 1) };
    return copy;
  });
}

function cfServer(pages: Package[]): ReplayHandler {
  return (req) => {
    if (req.url.pathname !== SEARCH) return { status: 404, body: {} };
    const cursor = req.url.searchParams.get("cursor");
    if (cursor === null) return { body: pages[0] };
    const index = pages.findIndex(
      (_p, i) => i > 0 && nextLink(i) === `${server.baseUrl}${req.url.pathname}${req.url.search}`,
    );
    return index > 0 ? { body: pages[index] } : { status: 400, body: { error: "unknown cursor" } };
  };
}

/** limit2's first release carrying the attachments of the trimmed documents release. */
function withAttachments(): Package {
  const pkg = structuredClone(limit2);
  const release = pkg.releases[0] as Json & { tender: Json };
  release.tender.documents = structuredClone((documents.releases[0] as { tender: Json }).tender.documents);
  return pkg;
}

function adapter(overrides: { forbiddenCooldownMs?: number } = {}): SourceAdapter {
  const http = createPoliteHttpClient({
    allowedHosts: [server.host],
    timeoutMs: 10_000,
    maxResponseBytes: 1 << 20,
    backoff: { initialMs: 10, maxMs: 50 },
    ...overrides,
  });
  return createCfAdapter({
    http,
    baseUrl: server.baseUrl,
    stages: "tender",
    pageSize: 2,
    publishedFrom: "2026-08-01T00:00:00",
  });
}

const sync = (a = adapter(), maxPages?: number) =>
  runSyncPass({ db: testDb.db, adapter: a, logger, subject, ...(maxPages ? { maxPages } : {}) });
const source = () =>
  testDb.db
    .selectFrom("sources")
    .selectAll()
    .where("code", "=", "contracts_finder")
    .executeTakeFirstOrThrow();
const events = async () =>
  (
    await testDb.db
      .selectFrom("outbox")
      .select("payload")
      .where("subject", "=", subject)
      .orderBy("id")
      .execute()
  ).map((r) => r.payload as { tender_id: string; content_hash: string });
const attachmentsOf = (externalId: string) =>
  testDb.db
    .selectFrom("attachments")
    .innerJoin("tenders", "tenders.id", "attachments.tender_id")
    .select([
      "attachments.id",
      "attachments.source_url",
      "attachments.download_status",
      "tenders.id as tender_id",
    ])
    .where("tenders.external_id", "=", externalId)
    .orderBy("attachments.source_url")
    .execute();
// limit2's first release (and the trimmed one): a notice is stored under its release id.
const RELEASE = "76371b58-f056-4c76-80d6-f175126a0eaf-914731";

beforeAll(async () => {
  server = await startReplayServer(() => ({ status: 503, body: {} }));
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox", "quarantined_records"]);
  server.requests.length = 0;
  server.setHandler(cfServer(chain([limit2, august, documents])));
});

describe("Contracts Finder sync over HTTP", () => {
  it("follows links.next across pages, storing each tender once and quarantining the trimmed release", async () => {
    const report = await sync();
    expect(report).toMatchObject({
      pages: 3,
      created: 4,
      quarantined: 1,
      events: 4,
      stop: "end",
      cursor: null,
    });
    const tenders = await testDb.db.selectFrom("tenders").select(["id", "external_id"]).execute();
    expect(tenders.map((t) => t.external_id).sort()).toEqual(
      [...limit2.releases, ...august.releases].map((r) => r.id as string).sort(),
    );
    expect((await events()).map((e) => e.tender_id).sort()).toEqual(tenders.map((t) => t.id).sort());
    const [first, second, third] = server.requests;
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      stages: "tender",
      limit: "2",
      publishedFrom: "2026-08-01T00:00:00",
    });
    expect(`${server.baseUrl}${second?.url.pathname}${second?.url.search}`).toBe(nextLink(1));
    expect(`${server.baseUrl}${third?.url.pathname}${third?.url.search}`).toBe(nextLink(2));
    const quarantined = await testDb.db
      .selectFrom("quarantined_records")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(quarantined).toMatchObject({ source: "contracts_finder", external_id: RELEASE });
    expect(quarantined.reason).toMatch(/^buyer_name: missing/);
  });

  it("stores links.next as the cursor exactly as given", async () => {
    const report = await sync(adapter(), 1);
    expect(report).toMatchObject({ pages: 1, created: 2, stop: "max_pages" });
    expect((await source()).cursor).toBe(nextLink(1));
    expect((await sync()).pages).toBe(2);
  });

  it("marks an attachment that disappeared upstream as skipped, and brings it back as pending", async () => {
    server.setHandler(cfServer(chain([withAttachments()])));
    await sync();
    const before = await attachmentsOf(RELEASE);
    expect(before.map((a) => a.download_status)).toEqual(["pending", "pending", "pending"]);

    const without = withAttachments();
    const docs = (without.releases[0] as { tender: { documents: Json[] } }).tender.documents;
    const removed = docs.splice(3, 1)[0] as { url: string };
    server.setHandler(cfServer(chain([without])));
    const eventsBefore = (await events()).length;
    const report = await sync();
    expect(report).toMatchObject({ changed: 1, attachmentsSkipped: 1, events: 1 });
    const after = await attachmentsOf(RELEASE);
    expect(after.find((a) => a.source_url === removed.url)?.download_status).toBe("skipped");
    expect(after.filter((a) => a.download_status === "pending")).toHaveLength(2);
    expect((await events()).length).toBe(eventsBefore + 1);

    server.setHandler(cfServer(chain([withAttachments()])));
    const back = await sync();
    expect(back).toMatchObject({ changed: 1, attachmentsRequeued: 1, events: 1 });
    expect((await attachmentsOf(RELEASE)).every((a) => a.download_status === "pending")).toBe(true);
  });

  it("sees no change in a re-crawled tender whose attachment was downloaded meanwhile", async () => {
    server.setHandler(cfServer(chain([withAttachments()])));
    await sync();
    const [attachment] = await attachmentsOf(RELEASE);
    if (!attachment) throw new Error("no attachment");
    // What the downloader does: store the file, then the recomputed hash (the tender changes).
    await testDb.db.transaction().execute(async (trx) => {
      await markAttachmentReady(trx, attachment.id, {
        localPath: "x/y.docx",
        sizeBytes: 10,
        sha256: "a".repeat(64),
      });
      const input = await loadContentHashInput(trx, attachment.tender_id);
      if (!input) throw new Error("tender vanished");
      expect(await setTenderContentHash(trx, attachment.tender_id, contentHash(input))).toBe(true);
    });
    const stored = await testDb.db
      .selectFrom("tenders")
      .select("content_hash")
      .where("id", "=", attachment.tender_id)
      .executeTakeFirstOrThrow();
    const eventsBefore = (await events()).length;

    const report = await sync();
    expect(report).toMatchObject({ created: 0, changed: 0, unchanged: 2, events: 0 });
    expect((await events()).length).toBe(eventsBefore);
    const after = await testDb.db
      .selectFrom("tenders")
      .select("content_hash")
      .where("id", "=", attachment.tender_id)
      .executeTakeFirstOrThrow();
    expect(after.content_hash).toBe(stored.content_hash);
    expect((await attachmentsOf(RELEASE)).find((a) => a.id === attachment.id)?.download_status).toBe("ready");
  });

  it("puts a failed attachment of a re-crawled tender back to pending and announces it", async () => {
    server.setHandler(cfServer(chain([withAttachments()])));
    await sync();
    const [attachment] = await attachmentsOf(RELEASE);
    if (!attachment) throw new Error("no attachment");
    await markAttachmentFailed(testDb.db, attachment.id, "HTTP 500");
    const report = await sync();
    expect(report).toMatchObject({ changed: 0, unchanged: 2, attachmentsRequeued: 1, events: 1 });
    expect((await events()).at(-1)?.tender_id).toBe(attachment.tender_id);
    expect((await attachmentsOf(RELEASE)).find((a) => a.id === attachment.id)?.download_status).toBe(
      "pending",
    );
  });

  it("waits out Contracts Finder's 403 cool-down and carries on", async () => {
    let calls = 0;
    const replay = cfServer(chain([limit2]));
    server.setHandler((req) => (++calls === 1 ? { status: 403, body: {} } : replay(req)));
    const report = await sync(adapter({ forbiddenCooldownMs: 300 }));
    expect(report).toMatchObject({ created: 2 });
    const [refused, retried] = server.requests;
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(280);
  });

  it("starts afresh when the API refuses the stored link", async () => {
    await sync(adapter(), 1);
    await testDb.db
      .updateTable("sources")
      .set({ cursor: `${server.baseUrl}${SEARCH}?cursor=expired` })
      .execute();
    const report = await sync();
    expect(report).toMatchObject({ pages: 3, created: 2, unchanged: 2, stop: "end" });
    expect(server.requests.at(-3)?.url.searchParams.get("publishedFrom")).not.toBeNull();
  });

  it("refuses a links.next to a host outside the allowlist without committing that page", async () => {
    const pages = chain([limit2, august]);
    (pages[0] as Package).links = { next: `http://localhost:1${SEARCH}?cursor=abc` };
    server.setHandler(cfServer(pages));
    await expect(sync()).rejects.toBeInstanceOf(HostNotAllowedError);
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toHaveLength(0);
    expect((await source()).cursor).toBeNull();
  });
});
