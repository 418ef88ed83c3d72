import { toStorableText } from "@tender/contracts";
import { tenderRecordArb } from "@tender/contracts/testing";
import { findSourceByCode } from "@tender/db";
import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { createPoliteHttpClient } from "../http/polite-http-client.js";
import type { MapResult } from "../mapping/map-result.js";
import { validateTenderRecord } from "../mapping/validate-tender-record.js";
import { hostileCandidateArb } from "../testing/hostile-record-arb.js";
import { startReplayServer } from "../testing/replay-server.js";
import { tenderCandidate } from "../testing/tender-candidate.js";
import { commitPage } from "./commit-page.js";
import { importTenderRecords } from "./import-tender-records.js";
import { runSyncPass } from "./run-sync-pass.js";
import type { SourceAdapter } from "./source-adapter.js";

const testDb = useTestDatabase();
const subject = "thostile.tender.changed.v1";
const logger = { debug() {}, info() {}, warn() {}, error() {} };
let runs = 0;

beforeAll(async () => {
  // Stand-ins for whatever validation may miss one day: a check the records cannot know about,
  // and a failure that is not the record's fault (a serialization failure must fail the page).
  await sql`ALTER TABLE tenders ADD CONSTRAINT test_refuses_poison CHECK (title NOT LIKE '%poison%')`.execute(
    testDb.db,
  );
  await sql`
    CREATE FUNCTION test_fail_serialization() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.title LIKE '%serialize%' THEN
        RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001';
      END IF;
      RETURN NEW;
    END $$`.execute(testDb.db);
  await sql`CREATE TRIGGER test_fail_serialization BEFORE INSERT ON tenders
    FOR EACH ROW EXECUTE FUNCTION test_fail_serialization()`.execute(testDb.db);
});
/** One line of a page or file: its JSON text and whether it is one of the hostile ones. */
interface Line {
  id: string;
  json: string;
  kind: string;
}

/** A page of valid records and hostile candidates, mixed, each with its own external id. */
// Three hostile lines in four, so each run meets many classes.
const pageArb = fc
  .array(
    fc.nat(3).map((n) => n > 0),
    { minLength: 2, maxLength: 10 },
  )
  .chain((hostile) =>
    fc.tuple(
      ...hostile.map((isHostile, i) =>
        isHostile
          ? hostileCandidateArb("placeholder", `h${i}`).map((h): Line => ({ id: `h${i}`, ...h }))
          : tenderRecordArb.map(
              (r): Line => ({
                id: `v${i}`,
                json: JSON.stringify({ ...r, external_id: `v${i}` }),
                kind: "valid",
              }),
            ),
      ),
    ),
  );

/** The line's JSON with the run's source code. */
const withSource = (json: string, source: string) =>
  `{"source":${JSON.stringify(source)},${json.replace(/^\{"source":("(?:[^"\\]|\\.)*"),/, "")}`;

const judge = (json: string): MapResult => validateTenderRecord(JSON.parse(json));

/** Every line validation accepts is stored as validated; every other one is quarantined with its reason. */
async function expectStoredAsValidated(source: string, lines: readonly Line[]): Promise<void> {
  const rows = await testDb.db
    .selectFrom("tenders as t")
    .innerJoin("sources as s", "s.id", "t.source_id")
    .select([
      "t.external_id",
      "t.title",
      "t.description",
      "t.published_at",
      "t.deadline",
      "t.amount",
      "t.raw_payload",
    ])
    .where("s.code", "=", source)
    .execute();
  const stored = new Map(rows.map((row) => [row.external_id, row]));
  const quarantined = await testDb.db
    .selectFrom("quarantined_records")
    .select(["reason"])
    .where("source", "=", source)
    .execute();
  const expectedReasons: string[] = [];
  for (const line of lines) {
    const result = judge(line.json);
    if (!result.ok) {
      // Stored as the database can hold it: a NUL in a reason (a key's path) becomes U+FFFD.
      expectedReasons.push(toStorableText(result.reason));
      continue;
    }
    const { record } = result;
    const row = stored.get(record.external_id);
    expect(row, `${line.kind}: a record that passes validation must be stored`).toBeDefined();
    expect(row?.title).toBe(record.title);
    expect(row?.description).toBe(record.description);
    expect(row?.published_at.toISOString()).toBe(record.published_at);
    expect(row?.deadline?.toISOString() ?? null).toBe(record.deadline);
    expect(row?.amount).toBe(record.amount);
    expect(row?.raw_payload).toEqual(JSON.parse(JSON.stringify(record.raw_payload)));
  }
  expect(stored.size).toBe(lines.length - expectedReasons.length);
  // Validation refused every hostile value PostgreSQL would: the database refused nothing.
  expect(quarantined.map((q) => q.reason.replace(/^line \d+: /, "")).sort()).toEqual(expectedReasons.sort());
}

describe("hostile records in a JSON Lines file", () => {
  it("stores every line that passes validation and quarantines each other one with its reason", async () => {
    await fc.assert(
      fc.asyncProperty(pageArb, fc.boolean(), async (page, bom) => {
        const source = `file_${++runs}`;
        const lines = page.map((line) => ({ ...line, json: withSource(line.json, source) }));
        const text = lines.map((line) => line.json);
        if (bom) text[0] = `\uFEFF${text[0]}`;
        const report = await importTenderRecords(testDb.db, {
          sourceCode: source,
          lines: text,
          subject,
          batchSize: 3,
        });
        const refused = lines.filter((line) => !judge(line.json).ok).length;
        expect(report.records).toBe(lines.length);
        expect(report.quarantined).toBe(refused);
        expect(report.created).toBe(lines.length - refused);
        await expectStoredAsValidated(source, lines);
      }),
      { numRuns: 40 },
    );
  });

  it("quarantines a record the database refuses with its SQLSTATE and keeps the rest of the batch", async () => {
    const source = "file_refused";
    const lines = ["a", "poison", "b"].map((id) =>
      JSON.stringify({ ...tenderCandidate(source, id), title: id }),
    );
    const report = await importTenderRecords(testDb.db, { sourceCode: source, lines, subject });
    expect(report.created).toBe(2);
    expect(report.rejected).toEqual([
      {
        line: 2,
        externalId: "poison",
        reason: expect.stringMatching(
          /^database refused it: .*\(SQLSTATE 23514, constraint test_refuses_poison\)$/,
        ),
      },
    ]);
    const [row] = await testDb.db
      .selectFrom("quarantined_records")
      .selectAll()
      .where("source", "=", source)
      .execute();
    expect(row?.reason).toMatch(/^line 2: database refused it: /);
    expect(row?.raw_payload).toMatchObject({ title: "poison" });
  });

  it("fails the batch on an error that is not the record's fault, storing nothing of it", async () => {
    const source = "file_serialize";
    const lines = ["a", "serialize", "b"].map((id) =>
      JSON.stringify({ ...tenderCandidate(source, id), title: id }),
    );
    await expect(
      importTenderRecords(testDb.db, { sourceCode: source, lines, subject }),
    ).rejects.toMatchObject({
      code: "40001",
    });
    const count = await testDb.db
      .selectFrom("quarantined_records")
      .select("id")
      .where("source", "=", source)
      .execute();
    expect(count).toEqual([]);
  });
});

const Page = v.object({ items: v.array(v.unknown()), next: v.nullable(v.string()) });

/** A source whose pages come over HTTP from the replay server; items are TenderRecordV1 candidates. */
function replayAdapter(code: string, baseUrl: string, host: string): SourceAdapter {
  const http = createPoliteHttpClient({
    allowedHosts: [host],
    timeoutMs: 10_000,
    maxResponseBytes: 256 * 1024 * 1024,
    maxAttempts: 1,
  });
  return {
    code,
    async fetchPage({ cursor, signal }) {
      const url = `${baseUrl}/pages/${cursor ?? "first"}`;
      const page = await http.requestJson({ url, ...(signal ? { signal } : {}) }, Page);
      return { items: page.items, nextCursor: page.next, map: (item) => validateTenderRecord(item) };
    },
  };
}

describe("hostile records in a sync pass against the replay server", () => {
  it("commits the valid records of a hostile page and moves the cursor past it", async () => {
    await fc.assert(
      fc.asyncProperty(pageArb, async (page) => {
        const source = `sync_${++runs}`;
        const lines = page.map((line) => ({ ...line, json: withSource(line.json, source) }));
        const tail = { id: "tail", json: JSON.stringify(tenderCandidate(source, "tail")), kind: "valid" };
        const bodies: Record<string, string> = {
          first: `{"items":[${lines.map((l) => l.json).join(",")}],"next":"second"}`,
          second: `{"items":[${tail.json}],"next":null}`,
        };
        const server = await startReplayServer((request) => ({
          headers: { "content-type": "application/json" },
          body: bodies[request.url.pathname.split("/").pop() ?? ""] ?? "{}",
        }));
        try {
          const adapter = replayAdapter(source, server.baseUrl, server.host);
          const first = await runSyncPass({ db: testDb.db, adapter, logger, subject, maxPages: 1 });
          expect(first).toMatchObject({ stop: "max_pages", pages: 1, cursor: "second" });
          expect((await findSourceByCode(testDb.db, source))?.cursor).toBe("second");
          await expectStoredAsValidated(source, lines);
          const rest = await runSyncPass({ db: testDb.db, adapter, logger, subject });
          expect(rest).toMatchObject({ stop: "end", pages: 1, created: 1 });
        } finally {
          await server.close();
        }
      }),
      { numRuns: 12 },
    );
  });

  it("quarantines what the database refuses, and fails the page (cursor kept) on a serialization failure", async () => {
    const source = "sync_refused";
    const item = (title: string) => ({
      raw: title,
      result: judge(JSON.stringify({ ...tenderCandidate(source, title), title })),
    });
    const counts = await commitPage(testDb.db, {
      sourceCode: source,
      expectedCursor: null,
      items: [item("a"), item("poison"), item("b")],
      nextCursor: "next",
      subject,
      now: new Date(),
    });
    expect(counts).toMatchObject({ created: 2, quarantined: 1 });
    const failing = commitPage(testDb.db, {
      sourceCode: source,
      expectedCursor: "next",
      items: [item("c"), item("serialize")],
      nextCursor: "after",
      subject,
      now: new Date(),
    });
    await expect(failing).rejects.toMatchObject({ code: "40001" });
    expect((await findSourceByCode(testDb.db, source))?.cursor).toBe("next");
    const c = await testDb.db.selectFrom("tenders").select("id").where("external_id", "=", "c").execute();
    expect(c).toEqual([]);
  });
});
