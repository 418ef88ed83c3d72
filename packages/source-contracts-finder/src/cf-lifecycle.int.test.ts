import { readFileSync } from "node:fs";
import { findProcedure, findTenderCard } from "@tender/db";
import { createPoliteHttpClient, runSyncPass } from "@tender/ingest";
import { type ReplayServer, startReplayServer } from "@tender/ingest/testing";
import { emptyTables, uniqueBusToken, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CF_FIXTURES, cfFixturePath } from "./cf-fixtures.js";
import { createCfAdapter } from "./index.js";

type Json = Record<string, unknown>;
type Package = Json & { releases: Json[] };
const lifecycle = JSON.parse(readFileSync(cfFixturePath(CF_FIXTURES.fictionalLifecycle), "utf8")) as Package;
const OCID = "ocds-213czf-000-00001";
const SEARCH = "/Published/Notices/OCDS/Search";

const testDb = useTestDatabase();
let server: ReplayServer;
const subject = `t${uniqueBusToken().toLowerCase()}.tender.changed.v1`;
const logger = { debug() {}, info() {}, warn() {}, error() {} };

/** One sync pass over one served package (the fictional one has no `links.next`: one page). */
async function syncPackage(pkg: Package) {
  server.setHandler((req) => (req.url.pathname === SEARCH ? { body: pkg } : { status: 404, body: {} }));
  const http = createPoliteHttpClient({
    allowedHosts: [server.host],
    timeoutMs: 10_000,
    maxResponseBytes: 1 << 20,
    backoff: { initialMs: 10, maxMs: 50 },
  });
  const adapter = createCfAdapter({ http, baseUrl: server.baseUrl, stages: "tender", pageSize: 100 });
  return runSyncPass({ db: testDb.db, adapter, logger, subject });
}

/** Each stored notice of the procedure: what the timeline and the card are built from. */
async function storedNotices() {
  return testDb.db
    .selectFrom("tenders as t")
    .innerJoin("procedures as p", "p.id", "t.procedure_id")
    .leftJoin("tenders as next", "next.id", "t.superseded_by")
    .select([
      "p.procedure_key",
      "t.external_id",
      "t.kind",
      "t.title",
      "t.published_at",
      "t.deadline",
      "t.source_url",
      "next.external_id as superseded_by",
      "t.changes",
    ])
    .orderBy("t.published_at")
    .execute();
}

const id = (n: string) => `${OCID}-${n}`;
const at = (iso: string) => new Date(iso);
const TITLE = "Planned cycle lane improvements";
const CONTRACT_TITLE = "Contract to build new cycle lanes in the centre of town.";
const TENDER_NOTICE = "http://example.com/tender-notices/ocds-213czf-000-00001-01.html";
const AWARD_NOTICE = "http://example.com/tender-notices/ocds-213czf-000-00001-04.html";

// Written by hand from the six releases: id, tag (kind), date, tender.title (contracts[].title
// when there is no tender), tenderPeriod.endDate, and the notice page each release lists (the
// planning release lists only its consultation page; the award, contract and implementation
// releases list the award notice in awards[].documents). The tenderAmendment names the tender
// release in amendsReleaseID: it moves the deadline by a week and adds the enquiry responses.
const GOLDEN = [
  {
    external_id: id("01-planning"),
    kind: "planning",
    title: TITLE,
    published_at: at("2009-03-15T14:45:00Z"),
    deadline: null,
    source_url: "http://example.com/consultations/cycle-provision/",
    superseded_by: null,
    changes: null,
  },
  {
    external_id: id("02-tender"),
    kind: "competition",
    title: TITLE,
    published_at: at("2010-03-15T09:30:00Z"),
    deadline: at("2010-04-01T18:00:00Z"),
    source_url: TENDER_NOTICE,
    superseded_by: id("03-tenderAmendment"),
    changes: null,
  },
  {
    external_id: id("03-tenderAmendment"),
    kind: "change",
    title: TITLE,
    published_at: at("2010-03-20T09:45:00Z"),
    deadline: at("2010-04-08T18:00:00Z"),
    source_url: TENDER_NOTICE,
    superseded_by: null,
    changes: [
      { field: "deadline", from: "2010-04-01T18:00:00.000Z", to: "2010-04-08T18:00:00.000Z" },
      { field: "documents_added", from: null, to: ["Enquiry Responses"] },
    ],
  },
  ...(
    [
      ["04-award", TITLE, "2010-05-10T09:30:00Z"],
      ["05-contract", CONTRACT_TITLE, "2010-05-10T10:30:00Z"],
      ["06-implementation", CONTRACT_TITLE, "2011-01-10T09:30:00Z"],
    ] as const
  ).map(([n, title, published]) => ({
    external_id: id(n),
    kind: "result",
    title,
    published_at: at(published),
    deadline: null,
    source_url: AWARD_NOTICE,
    superseded_by: null,
    changes: null,
  })),
].map((notice) => ({ procedure_key: OCID, ...notice }));

beforeAll(async () => {
  server = await startReplayServer(() => ({ status: 503, body: {} }));
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await emptyTables(testDb.db, ["sources", "outbox", "quarantined_records"]);
});

describe("golden: the fictional OCDS lifecycle through the Contracts Finder sync", () => {
  it("stores one procedure of six notices, the amendment superseding the tender with its changes", async () => {
    expect(await syncPackage(lifecycle)).toMatchObject({ created: 6, quarantined: 0 });
    expect(await storedNotices()).toEqual(GOLDEN);
    expect(await testDb.db.selectFrom("procedures").select("procedure_key").execute()).toEqual([
      { procedure_key: OCID },
    ]);
  });

  it("ends in the same state when the releases arrive newest first, one page each", async () => {
    for (const release of [...lifecycle.releases].reverse()) {
      await syncPackage({ ...lifecycle, releases: [release] });
      await testDb.db.updateTable("sources").set({ cursor: null }).execute();
    }
    expect(await storedNotices()).toEqual(GOLDEN);
  });

  it("shows the timeline oldest first on the card of any notice (its own changes only) and on the procedure (every notice's)", async () => {
    await syncPackage(lifecycle);
    const award = await testDb.db
      .selectFrom("tenders")
      .select(["id", "procedure_id"])
      .where("external_id", "=", id("04-award"))
      .executeTakeFirstOrThrow();
    const card = await findTenderCard(testDb.db, award.id);
    // Answers give a document list's total beside its (cut) names (docs/api.md#procedures).
    const timeline = GOLDEN.map((g) => ({
      external_id: g.external_id,
      kind: g.kind,
      published_at: g.published_at.toISOString(),
      changes:
        g.changes?.map((c) =>
          c.field === "documents_added" ? { ...c, total: (c.to as string[]).length } : c,
        ) ?? null,
    }));
    // Issue 32: the card of a notice carries no other notice's changes.
    expect(card?.procedure?.notices.map(({ id: _id, superseded_by: _s, ...rest }) => rest)).toEqual(
      timeline.map((n) => (n.external_id === id("04-award") ? n : { ...n, changes: null })),
    );
    expect(card?.procedure?.notices_total).toBe(GOLDEN.length);
    const procedure = await findProcedure(testDb.db, award.procedure_id as string);
    expect(procedure?.notices.map(({ id: _id, superseded_by: _s, ...rest }) => rest)).toEqual(timeline);
    // What a bidder answers: the amendment, the current version of the call.
    expect(procedure?.current.external_id).toBe(id("03-tenderAmendment"));
  });

  it("quarantines a release whose id another ocid's notice holds, leaving that notice where it is", async () => {
    await syncPackage(lifecycle);
    const tender = lifecycle.releases[1] as Json & { tender: Json };
    const intruder = {
      ...tender,
      ocid: "ocds-213czf-000-00002",
      tender: { ...tender.tender, title: "Moved" },
    };
    expect(await syncPackage({ ...lifecycle, releases: [intruder] })).toMatchObject({
      quarantined: 1,
      created: 0,
      changed: 0,
    });
    const [row] = await testDb.db
      .selectFrom("quarantined_records")
      .select(["external_id", "reason"])
      .execute();
    expect(row).toEqual({
      external_id: id("02-tender"),
      reason: `external_id: "${id("02-tender")}" is stored already as a notice of procedure "${OCID}", and this one names procedure "ocds-213czf-000-00002" (its ids are unique within a procedure only)`,
    });
    expect(await storedNotices()).toEqual(GOLDEN);
  });
});
