import type { TenderRecordV1 } from "@tender/contracts";
import { listAttachmentsForTender, recordDownloadFailure, saveSourceCursor } from "@tender/db";
import { emptyTables, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { CursorMovedError, commitPage } from "./commit-page.js";
import { runSyncPass } from "./run-sync-pass.js";
import {
  CursorRejectedError,
  type FetchPageRequest,
  type SourceAdapter,
  type SourcePage,
} from "./source-adapter.js";

const testDb = useTestDatabase();
const subject = "tpass.tender.changed.v1";
const warnings: string[] = [];
const logger = {
  debug() {},
  info() {},
  error() {},
  warn: (_o: unknown, msg: string) => void warnings.push(msg),
};

function record(id: string): TenderRecordV1 {
  const result = validateTenderRecord(tenderCandidate("test_source", id));
  if (!result.ok) throw new Error(result.reason);
  return result.record;
}

/** Serves pages of ids keyed by cursor; `null` is the first page. */
function adapter(
  pages: Record<string, { ids: string[]; next: string | null }>,
  hook?: (request: FetchPageRequest) => Promise<void>,
): SourceAdapter & { requests: Array<string | null> } {
  const requests: Array<string | null> = [];
  return {
    code: "test_source",
    requests,
    async fetchPage(request): Promise<SourcePage> {
      requests.push(request.cursor);
      await hook?.(request);
      const page = pages[request.cursor ?? "start"];
      if (!page) throw new CursorRejectedError(`unknown cursor ${request.cursor}`);
      return {
        items: page.ids,
        nextCursor: page.next,
        map: (id) => (id === "boom" ? explode() : { ok: true, record: record(String(id)) }),
      };
    },
  };
}

function explode(): never {
  throw new Error("mapper bug");
}

beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "quarantined_records", "outbox"]);
  warnings.length = 0;
});

describe("runSyncPass", () => {
  it("quarantines an item whose mapper throws, and commits the rest of the page", async () => {
    const report = await runSyncPass({
      db: testDb.db,
      adapter: adapter({ start: { ids: ["a", "boom", "b"], next: null } }),
      logger,
      subject,
    });
    expect(report).toMatchObject({ created: 2, quarantined: 1, stop: "end" });
    const q = await testDb.db.selectFrom("quarantined_records").selectAll().executeTakeFirstOrThrow();
    expect(q).toMatchObject({
      source: "test_source",
      reason: "mapping failed: mapper bug",
      raw_payload: "boom",
    });
  });

  it("starts afresh once when the API refuses the stored cursor", async () => {
    const source = await testDb.db
      .insertInto("sources")
      .values({ code: "test_source", cursor: "expired" })
      .returningAll()
      .executeTakeFirstOrThrow();
    const a = adapter({ start: { ids: ["a"], next: "p2" }, p2: { ids: ["b"], next: null } });
    const report = await runSyncPass({ db: testDb.db, adapter: a, logger, subject });
    expect(a.requests).toEqual(["expired", null, "p2"]);
    expect(report).toMatchObject({ pages: 2, created: 2, stop: "end" });
    expect(warnings).toEqual(["Stored cursor refused; starting the pass afresh"]);
    expect(
      (
        await testDb.db
          .selectFrom("sources")
          .select("cursor")
          .where("id", "=", source.id)
          .executeTakeFirstOrThrow()
      ).cursor,
    ).toBeNull();
  });

  it("tells the adapter which cursor was stored by an earlier pass", async () => {
    const pages = {
      start: { ids: ["a"], next: "p2" },
      p2: { ids: ["b"], next: "p3" },
      p3: { ids: ["c"], next: null },
    };
    const seen: Array<[string | null, boolean | undefined]> = [];
    const record = async (r: FetchPageRequest) => void seen.push([r.cursor, r.resumed]);

    await testDb.db.insertInto("sources").values({ code: "test_source", cursor: "p2" }).execute();
    expect(
      await runSyncPass({ db: testDb.db, adapter: adapter(pages, record), logger, subject }),
    ).toMatchObject({
      pages: 2,
      stop: "end",
    });
    expect(seen).toEqual([
      ["p2", true],
      ["p3", false],
    ]);

    // A refused stored cursor: the restarted pass's cursors are its own.
    seen.length = 0;
    await testDb.db.updateTable("sources").set({ cursor: "expired" }).execute();
    await runSyncPass({ db: testDb.db, adapter: adapter(pages, record), logger, subject });
    expect(seen).toEqual([
      ["expired", true],
      [null, false],
      ["p2", false],
      ["p3", false],
    ]);
  });

  it("stops without committing when another sync moved the cursor meanwhile", async () => {
    const a = adapter({ start: { ids: ["a"], next: "p2" } }, async () => {
      // Another worker commits a page of this source while this one is fetching.
      const other = await testDb.db
        .selectFrom("sources")
        .select("id")
        .where("code", "=", "test_source")
        .executeTakeFirstOrThrow();
      await saveSourceCursor(testDb.db, other.id, "theirs", new Date());
    });
    const report = await runSyncPass({ db: testDb.db, adapter: a, logger, subject });
    expect(report).toMatchObject({ pages: 0, created: 0, stop: "cursor_moved" });
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toEqual([]);
    expect((await testDb.db.selectFrom("sources").select("cursor").executeTakeFirstOrThrow()).cursor).toBe(
      "theirs",
    );
  });

  it("stops between pages once the signal aborts", async () => {
    const controller = new AbortController();
    const a = adapter({ start: { ids: ["a"], next: "p2" }, p2: { ids: ["b"], next: null } });
    const report = await runSyncPass({
      db: testDb.db,
      adapter: a,
      logger,
      subject,
      signal: controller.signal,
      onPageCommitted: () => controller.abort(),
    });
    expect(report).toMatchObject({ pages: 1, created: 1, stop: "aborted", cursor: "p2" });
    expect(a.requests).toEqual([null]);
  });
});

describe("commitPage", () => {
  it("refuses a page fetched with a cursor that is no longer the stored one, writing nothing", async () => {
    await testDb.db.insertInto("sources").values({ code: "test_source", cursor: "p3" }).execute();
    await expect(
      commitPage(testDb.db, {
        sourceCode: "test_source",
        expectedCursor: "p2",
        items: [{ raw: {}, result: { ok: true, record: record("a") } }],
        nextCursor: "p3",
        subject,
        now: new Date(),
      }),
    ).rejects.toBeInstanceOf(CursorMovedError);
    expect(await testDb.db.selectFrom("tenders").select("id").execute()).toEqual([]);
  });
});

describe("runSyncPass over an unchanged notice whose document keeps failing", () => {
  it("announces the tender once, then only when the download's backoff has passed", async () => {
    const withDocument = validateTenderRecord({
      ...tenderCandidate("test_source", "doc"),
      attachments: [
        {
          external_id: null,
          title: null,
          filename: "spec.pdf",
          source_url: "https://example.com/doc/spec.pdf",
          content_type: null,
        },
      ],
    });
    if (!withDocument.ok) throw new Error(withDocument.reason);
    const source: SourceAdapter = {
      code: "test_source",
      fetchPage: async () => ({
        items: ["doc"],
        nextCursor: null,
        map: () => ({ ok: true, record: withDocument.record }),
      }),
    };
    const pass = () => runSyncPass({ db: testDb.db, adapter: source, logger, subject });
    const events = async () =>
      (await testDb.db.selectFrom("outbox").select("id").where("subject", "=", subject).execute()).length;

    await pass();
    expect(await events()).toBe(1);
    const tender = await testDb.db.selectFrom("tenders").select("id").executeTakeFirstOrThrow();
    const [document] = await listAttachmentsForTender(testDb.db, tender.id);
    if (!document) throw new Error("no attachment");
    // The downloader fails: the next try is an hour away.
    await recordDownloadFailure(testDb.db, document.id, "HTTP 503", {
      firstMs: 3_600_000,
      maxMs: 86_400_000,
    });

    for (let n = 0; n < 5; n++) expect(await pass()).toMatchObject({ created: 0, changed: 0 });
    expect(await events()).toBe(1);
    expect((await listAttachmentsForTender(testDb.db, tender.id))[0]?.download_status).toBe("failed");

    await sql`UPDATE attachments SET next_download_at = now() - interval '1 second' WHERE id = ${document.id}`.execute(
      testDb.db,
    );
    await pass();
    expect(await events()).toBe(2);
    expect((await listAttachmentsForTender(testDb.db, tender.id))[0]?.download_status).toBe("pending");
    await pass();
    expect(await events()).toBe(2);
  });
});
