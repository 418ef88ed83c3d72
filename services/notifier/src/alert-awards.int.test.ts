import { readFileSync } from "node:fs";
import { createFakeProvider, FAKE_MODEL, fakeEmbed } from "@tender/ai";
import { type AlertV1, chunkKey, createWireValidator, sha256Hex } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import {
  claimWebhookDeliveries,
  listSavedSearchMatches,
  loadDigestContent,
  lockProcedure,
  replaceTenderAwards,
  replaceTenderChunks,
  type StoredAward,
  setTenderProcedure,
} from "@tender/db";
import { parseJsonLenient, storeTenderRecord } from "@tender/ingest";
import { ftsReleaseToTenderRecord } from "@tender/source-find-a-tender";
import { FTS_FIXTURES, ftsFixturePath } from "@tender/source-find-a-tender/fixtures";
import { seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenderIndexedHandler } from "./create-tender-indexed-handler.js";
import { renderDigest } from "./email/render-digest.js";
import { indexedEvent } from "./testing/indexed-event.js";
import { saveSearch } from "./testing/save-search.js";
import { toAlert } from "./to-alert.js";

// The real Find a Tender award 083650-2026, stored as ingest stores it (mapping, procedure,
// OCDS awards and organisations), as the awarded follow-up of a call a saved search matched.
const t = useTestDatabase({ source: "find_a_tender" });
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const validAlert = createWireValidator("alert-v1");
const validMatch = createWireValidator("saved-search-match-list");
const RELEASE = (
  parseJsonLenient(readFileSync(ftsFixturePath(FTS_FIXTURES.awardRelease), "utf8")) as {
    releases: { ocid: string; awards: { suppliers: { name: string }[]; value: { amount: number } }[] }[];
  }
).releases[0] as { ocid: string; awards: { suppliers: { name: string }[]; value: { amount: number } }[] };
const TOPIC = "evaluation of the emotional wellbeing programme in Wiltshire schools";
const ctx = () => ({ deliveryCount: 1, signal: new AbortController().signal, working() {} });

let savedSearchId: string;
let awardId: string;
let alerts: AlertV1[];

/** Indexes a stored tender as the indexer would (one chunk of the fake model) and lets the notifier match it. */
async function indexAndMatch(tenderId: string, text: string) {
  await replaceTenderChunks(t.db, tenderId, [
    {
      attachmentId: null,
      chunkKey: chunkKey({
        tenderId,
        attachmentId: null,
        position: 0,
        content: text,
        embeddingModel: FAKE_MODEL,
      }),
      content: text,
      embedding: fakeEmbed(text) as number[],
      embeddingModel: FAKE_MODEL,
      position: 0,
      section: "metadata",
      contentHash: sha256Hex(text),
    },
  ]);
  const { content_hash } = await t.db
    .selectFrom("tenders")
    .select("content_hash")
    .where("id", "=", tenderId)
    .executeTakeFirstOrThrow();
  const handle = createTenderIndexedHandler({ db: t.db, ai: createFakeProvider(), logger: quiet });
  await handle(indexedEvent({ id: tenderId, contentHash: content_hash }), ctx());
}

const claimAll = async () =>
  (await claimWebhookDeliveries(t.db, { limit: 100, leaseMs: 60_000 })).map(toAlert);

beforeAll(async () => {
  savedSearchId = await saveSearch(t.db, { query: TOPIC, webhookUrl: "https://hooks.example.org/in" });
  // The call for competition of the procedure (its ocid), matched by the saved search.
  const procedureId = await lockProcedure(t.db, t.sourceId as string, RELEASE.ocid);
  const call = await seedTender(t.db, { chunks: [TOPIC] });
  await setTenderProcedure(t.db, call.id, { procedureId, kind: "competition", supersedesExternalId: null });
  await indexAndMatch(call.id, TOPIC);
  // Its award, through the real mapping and store path.
  const mapped = ftsReleaseToTenderRecord(RELEASE);
  if (!mapped.ok) throw new Error(mapped.reason);
  const { ok: _ok, ...input } = mapped;
  awardId = (
    await t.db.transaction().execute((trx) =>
      storeTenderRecord(trx, {
        sourceId: t.sourceId as string,
        ...input,
        subject: "talertawards.tender.changed.v1",
      }),
    )
  ).tenderId;
  await indexAndMatch(awardId, "unrelated words about something else entirely");
  alerts = await claimAll();
});

describe("awards of follow-up alerts", () => {
  it("send an awarded follow-up's webhook body as a valid AlertV1 with the notice's stored awards", async () => {
    expect(alerts.map((a) => a.reason).sort()).toEqual(["awarded", "match"]);
    for (const alert of alerts)
      expect(validAlert(JSON.parse(JSON.stringify(alert)))).toMatchObject({ ok: true });
    const awarded = alerts.find((a) => a.reason === "awarded") as AlertV1;
    const source = RELEASE.awards[0] as (typeof RELEASE.awards)[0];
    expect(awarded.tender.id).toBe(awardId);
    expect(awarded.awards).toEqual([
      {
        lot: expect.any(String),
        winners: [
          {
            organisation_id: expect.any(String),
            name: source.suppliers[0]?.name,
            identifier: expect.stringContaining("PYDR-3797-LZLJ"),
            country: expect.toBeOneOf([null, "GB"]),
          },
        ],
        value: source.value.amount.toFixed(2),
        currency: "GBP",
        decided_at: "2026-09-03",
        contract_signed_at: null,
        contract_end: "2027-03-31",
        tenders_received: null,
      },
    ]);
    expect(awarded.awards?.[0]?.winners[0]?.name).toBe("Oxford Brookes Enterprises Limited");
    // The winner is the stored organisation.
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("id", "=", awarded.awards?.[0]?.winners[0]?.organisation_id as string)
      .executeTakeFirst();
    expect(org).toBeDefined();
  });

  it("send a match with awards null, and list both with the same awards", async () => {
    const match = alerts.find((a) => a.reason === "match") as AlertV1;
    expect(match).toMatchObject({ awards: null, changes: null, procedure_id: null });
    const listed = await listSavedSearchMatches(t.db, savedSearchId, { limit: 10 });
    // Labelled as the gateway's matches route labels them.
    const items = listed.map(({ position: _p, ...m }) => ({ ...m, tender: withCpvLabels(m.tender) }));
    expect(validMatch({ items, next_cursor: null })).toMatchObject({ ok: true });
    expect(new Map(items.map((m) => [m.alert_id, m.awards]))).toEqual(
      new Map(alerts.map((a) => [a.alert_id, a.awards])),
    );
  });

  it("mail the award's winner and price in the digest", async () => {
    const content = await loadDigestContent(t.db, {
      savedSearchId,
      since: new Date(0),
      through: new Date(Date.now() + 60_000),
      now: new Date(),
      maxNew: 10,
      maxClosing: 10,
    });
    const mail = renderDigest({
      savedSearchName: "Schools",
      frequency: "daily",
      address: "reader@example.org",
      content,
      now: new Date(),
      tenderPageUrl: (id) => `https://tenders.example.org/app/tenders/${id}`,
      unsubscribeUrl: "https://tenders.example.org/u",
    });
    expect(mail.text).toContain("  Awarded to Oxford Brookes Enterprises Limited — GBP 32,800.00\n");
    expect(mail.html).toContain("Awarded to Oxford Brookes Enterprises Limited — GBP 32,800.00");
  });

  it("keep any storable award a valid body and a mail, however hostile its text", async () => {
    const text = (max: number) =>
      fc
        .string({ unit: "binary", minLength: 1, maxLength: max })
        .map((s) => s.toWellFormed().replaceAll("\u0000", "").trim())
        .filter((s) => s.length > 0);
    const award: fc.Arbitrary<StoredAward> = fc.record({
      lot: fc.option(text(200)),
      status: fc.constant("awarded" as const),
      value: fc.option(fc.stringMatching(/^(0|[1-9]\d{0,17})\.\d{2}$/)),
      currency: fc.option(fc.stringMatching(/^[A-Z]{3}$/)),
      decided_at: fc.constant(null),
      contract_signed_at: fc.constant(null),
      contract_end: fc.constant(null),
      tenders_received: fc.option(fc.nat()),
      winners: fc.array(
        fc.record({
          organisation_id: fc.constant(null),
          name: fc.option(text(1000)),
          identifier: fc.option(text(200)),
          scheme: fc.constant(null),
          country: fc.option(fc.stringMatching(/^[A-Z]{2}$/)),
        }),
        { maxLength: 4 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(award, { minLength: 1, maxLength: 5 }), async (awards) => {
        await replaceTenderAwards(t.db, awardId, awards, null);
        await sql`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now()`.execute(t.db);
        const sent = (await claimAll()).find((a) => a.reason === "awarded") as AlertV1;
        const body = JSON.stringify(sent);
        expect(validAlert(JSON.parse(body))).toMatchObject({ ok: true });
        expect(sent.awards).toHaveLength(awards.length);
        expect(sent.awards?.map((a) => a.winners.map((w) => w.name))).toEqual(
          awards.map((a) => a.winners.map((w) => w.name)),
        );
        const content = await loadDigestContent(t.db, {
          savedSearchId,
          since: new Date(0),
          through: new Date(Date.now() + 60_000),
          now: new Date(),
          maxNew: 10,
          maxClosing: 10,
        });
        const mail = renderDigest({
          savedSearchName: "Schools",
          frequency: "daily",
          address: "reader@example.org",
          content,
          now: new Date(),
          tenderPageUrl: (id) => `https://tenders.example.org/app/tenders/${id}`,
          unsubscribeUrl: "https://tenders.example.org/u",
        });
        expect(mail.text).toMatch(/\n {2}Awarded(,| to) /);
        expect(mail.html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      }),
      { numRuns: 20 },
    );
  });
});
