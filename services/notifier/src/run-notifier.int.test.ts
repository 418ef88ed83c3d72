import { createFakeProvider } from "@tender/ai";
import { type BusTopology, listDeadLetters } from "@tender/bus";
import { setApiKeyEnabled } from "@tender/db";
import { metadataAddressReason } from "@tender/egress";
import { seedTender, useTestBus, useTestDatabase } from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runNotifier } from "./run-notifier.js";
import { indexedEvent, publishBody } from "./testing/indexed-event.js";
import { saveSearch, TEST_WEBHOOK_KEY, TEST_WEBHOOK_SECRET } from "./testing/save-search.js";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver.js";

// The notifier in this process against the real PostgreSQL and NATS, with local webhook
// receivers (http on 127.0.0.1, allowed here as the operator may allow it) and a short retry
// schedule (200 ms, doubling) instead of a minute.
const logged: { level: string; message: string; fields: unknown }[] = [];
const record = (level: string) => (fields: unknown, message?: string) =>
  void logged.push({ level, message: message ?? String(fields), fields });
const recording = { debug() {}, info: record("info"), warn: record("warn"), error: record("error") };
const wait = { timeout: 20_000, interval: 50 };
const t = useTestDatabase();
const tb = useTestBus("notifier-run-test");
let topology: BusTopology;
let receiver: WebhookReceiver;
let hanging: WebhookReceiver;
const stop = new AbortController();
let running: Promise<void>;
const outcomes: string[] = [];

beforeAll(async () => {
  topology = await tb.freshTopology({
    delivery: { ackWaitMs: 5_000, maxDeliver: 3, backoff: { initialMs: 100, maxMs: 200 } },
  });
  receiver = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  hanging = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
  hanging.mode = "hang";
  running = runNotifier(
    {
      db: t.db,
      js: tb.bus.js,
      topology,
      ai: createFakeProvider(),
      logger: recording,
      concurrency: 2,
      recordDelivery: (outcome) => outcomes.push(outcome),
      delivery: {
        egress: { timeoutMs: 2_000, allowHttp: true, addressReason: metadataAddressReason },
        secretKey: TEST_WEBHOOK_KEY,
        concurrency: 4,
        perKey: 2,
        perHost: 2,
        pollIntervalMs: 50,
        retryFirstMs: 200,
        retryWindowMs: 60_000,
      },
    },
    stop.signal,
  );
});
afterAll(async () => {
  stop.abort();
  await running;
  await receiver.close();
  await hanging.close();
});

/** Waits until the notifier consumer acknowledged (or dead-lettered) the message at `seq`. */
async function handled(seq: number): Promise<void> {
  await vi.waitFor(async () => {
    const info = await tb.bus.jsm.consumers.info(topology.names.stream, topology.names.consumers.notifier);
    expect(info.ack_floor.stream_seq).toBeGreaterThanOrEqual(seq);
  }, wait);
}

const matchesOf = (tenderId: string) =>
  t.db.selectFrom("saved_search_matches").selectAll().where("tender_id", "=", tenderId).execute();
const deliveriesOf = (tenderId: string) =>
  t.db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("saved_search_matches as m", "m.id", "d.match_id")
    .select(["d.id", "d.match_id", "d.status", "d.attempts", "d.last_error", "m.saved_search_id"])
    .where("m.tender_id", "=", tenderId)
    .execute();

describe("notifier", () => {
  it("records each match once and delivers it signed; a replayed or duplicated event creates nothing new", async () => {
    const text = "Painting the old railway bridge over the Emajogi river.";
    const tender = await seedTender(t.db, { chunks: [text] });
    const hooked = await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    const feedOnly = await saveSearch(t.db, { query: text });
    const unrelated = await saveSearch(t.db, { query: "Catering for school canteens", minScore: 0.9 });
    const event = indexedEvent(tender);
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, event));

    const matches = await matchesOf(tender.id);
    expect(matches.map((m) => m.saved_search_id).sort()).toEqual([hooked, feedOnly].sort());
    const hookedMatch = matches.find((m) => m.saved_search_id === hooked);
    await vi.waitFor(() => expect(receiver.delivered()).toContain(hookedMatch?.id), wait);
    const got = receiver.received.filter((r) => r.alertId === hookedMatch?.id);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ signed: true, valid: true, contentType: "application/json" });
    expect(got[0]?.alert).toMatchObject({
      schema_version: 1,
      saved_search: { id: hooked },
      tender: { id: tender.id },
      snippet: text,
      attachment: null,
    });
    expect(got[0]?.alert?.score).toBeCloseTo(1, 6);
    // The receiver has answered; the outcome is recorded right after.
    await vi.waitFor(async () => {
      expect(await deliveriesOf(tender.id)).toEqual([
        expect.objectContaining({
          saved_search_id: hooked,
          status: "delivered",
          attempts: 1,
          last_error: null,
        }),
      ]);
    }, wait);
    expect(matches.some((m) => m.saved_search_id === unrelated)).toBe(false);

    // The same event again (a replay has a new event id) and its exact duplicate.
    await publishBody(tb.bus, topology.names.indexedSubject, event);
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    expect(await matchesOf(tender.id)).toEqual(matches);
    expect(await deliveriesOf(tender.id)).toHaveLength(1);
    expect(receiver.received.filter((r) => r.alertId === hookedMatch?.id)).toHaveLength(1);
  });

  it("dead-letters an invalid event at once and goes on with the next", async () => {
    const seq = await publishBody(tb.bus, topology.names.indexedSubject, {
      schema_version: 1,
      tender_id: "x",
    });
    await handled(seq);
    const letters = await listDeadLetters(tb.bus.jsm, topology);
    expect(letters).toEqual([
      expect.objectContaining({
        originalSeq: seq,
        deliveryCount: 1,
        reason: expect.stringMatching(/^schema validation failed/),
      }),
    ]);
    const text = "Snow clearing of municipal parking lots in winter.";
    const tender = await seedTender(t.db, { chunks: [text] });
    await saveSearch(t.db, { query: text });
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    expect(await matchesOf(tender.id)).toHaveLength(1);
  });

  it("re-embeds saved queries of another model before matching", async () => {
    const text = "Supply of hospital beds with electric height adjustment.";
    const stale = await saveSearch(t.db, { query: text, model: "old-model", vector: null });
    const tender = await seedTender(t.db, { chunks: [text] });
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    const row = await t.db
      .selectFrom("saved_searches")
      .selectAll()
      .where("id", "=", stale)
      .executeTakeFirstOrThrow();
    expect(row.embedding_model).toBe(createFakeProvider().embedModel);
    expect(row.query_embedding).not.toBeNull();
    expect((await matchesOf(tender.id)).map((m) => m.saved_search_id)).toEqual([stale]);
  });

  it("retries while the receiver is down and delivers each alert exactly once when it is back", async () => {
    const text = "Maintenance of traffic lights along the ring road.";
    const tender = await seedTender(t.db, { chunks: [text] });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await saveSearch(t.db, { query: text, webhookUrl: receiver.url }));
    receiver.mode = 503;
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    const alertIds = (await matchesOf(tender.id)).map((m) => m.id);
    expect(alertIds).toHaveLength(3);
    const attemptsOf = (id: string) => receiver.received.filter((r) => r.alertId === id);
    // Two refused attempts each: the first at once, the second after the first retry delay.
    await vi.waitFor(() => {
      for (const id of alertIds) expect(attemptsOf(id).length).toBeGreaterThanOrEqual(2);
    }, wait);
    expect(await deliveriesOf(tender.id)).toEqual(
      alertIds.map(() => expect.objectContaining({ status: "pending", last_error: "HTTP 503" })),
    );

    receiver.mode = 204;
    await vi.waitFor(async () => {
      expect((await deliveriesOf(tender.id)).map((d) => d.status)).toEqual([
        "delivered",
        "delivered",
        "delivered",
      ]);
    }, wait);
    // Nothing more comes once delivered (a retry would be due well within a second).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const id of alertIds) {
      expect(receiver.delivered().filter((d) => d === id)).toEqual([id]);
      expect(attemptsOf(id).every((r) => r.signed && r.valid)).toBe(true);
    }
    expect(outcomes).toContain("retry");
  });

  it("gives up at once on an alert whose saved search lost its webhook since the match", async () => {
    const text = "Replacement of street lamps in the old town.";
    const tender = await seedTender(t.db, { chunks: [text] });
    const id = await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    receiver.mode = 503;
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    await vi.waitFor(async () => {
      expect(await deliveriesOf(tender.id)).toEqual([expect.objectContaining({ last_error: "HTTP 503" })]);
    }, wait);
    await t.db
      .updateTable("saved_searches")
      .set({ webhook_url: null, webhook_secret: null })
      .where("id", "=", id)
      .execute();
    const [delivery] = await deliveriesOf(tender.id);
    await t.db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: new Date() })
      .where("id", "=", delivery?.id ?? "")
      .execute();
    await vi.waitFor(async () => {
      expect(await deliveriesOf(tender.id)).toEqual([
        expect.objectContaining({ status: "failed", last_error: "the saved search has no webhook" }),
      ]);
    }, wait);
    receiver.mode = 204;
  });

  it("a receiver that never answers holds back no other delivery, and its attempt ends at the timeout", async () => {
    const text = "Renovation of the public swimming pool changing rooms.";
    const tender = await seedTender(t.db, { chunks: [text] });
    const slow = await saveSearch(t.db, { query: text, webhookUrl: hanging.url });
    const fast = await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    const matches = await matchesOf(tender.id);
    const fastAlert = matches.find((m) => m.saved_search_id === fast)?.id;
    await vi.waitFor(() => expect(receiver.delivered()).toContain(fastAlert), wait);
    // Delivered while the other receiver still holds its request open.
    expect(hanging.server.open).toBe(1);
    await vi.waitFor(async () => {
      const slowDelivery = (await deliveriesOf(tender.id)).find((d) => d.saved_search_id === slow);
      expect(slowDelivery).toMatchObject({ status: "pending", last_error: "no answer within 2000 ms" });
    }, wait);
  });

  it("fails a delivery at once, without retrying, when the receiver answers with a redirect (307)", async () => {
    const text = "Resurfacing of the harbour promenade with granite slabs.";
    const tender = await seedTender(t.db, { chunks: [text] });
    await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    receiver.mode = 307;
    try {
      await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
      await vi.waitFor(async () => {
        expect(await deliveriesOf(tender.id)).toEqual([
          expect.objectContaining({
            status: "failed",
            attempts: 1,
            last_error: "HTTP 307: redirects are not followed",
          }),
        ]);
      }, wait);
    } finally {
      receiver.mode = 204;
    }
  });

  it("deleting a saved search during an attempt ends its delivery quietly (no warning)", async () => {
    const text = "Demolition of the disused grain silo at the railway yard.";
    const tender = await seedTender(t.db, { chunks: [text] });
    const id = await saveSearch(t.db, { query: text, webhookUrl: hanging.url });
    const openBefore = hanging.received.length;
    await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
    const [match] = await matchesOf(tender.id);
    // The attempt is under way: the receiver holds the request open.
    await vi.waitFor(() => expect(hanging.received.length).toBeGreaterThan(openBefore), wait);
    await t.db.deleteFrom("saved_searches").where("id", "=", id).execute();
    // The attempt ends at its 2 s timeout; then its outcome finds no delivery.
    await vi.waitFor(() => {
      expect(logged).toContainEqual(
        expect.objectContaining({ level: "info", fields: expect.objectContaining({ alert_id: match?.id }) }),
      );
    }, wait);
    const aboutIt = logged.filter((l) => JSON.stringify(l.fields).includes(match?.id ?? "-"));
    expect(aboutIt.filter((l) => l.level !== "info")).toEqual([]);
    expect(aboutIt.map((l) => l.message)).toEqual(["Alert dropped: its saved search was deleted"]);
    expect(await deliveriesOf(tender.id)).toEqual([]);
  });

  it("a disabled key's saved searches stop matching and alerting; re-enabled, a later tender alerts again", async () => {
    const text = "Winter maintenance of cycle paths in the northern district.";
    const id = await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    const { api_key_id: keyId } = await t.db
      .selectFrom("saved_searches")
      .select("api_key_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const publishTender = async () => {
      const tender = await seedTender(t.db, { chunks: [text] });
      await handled(await publishBody(tb.bus, topology.names.indexedSubject, indexedEvent(tender)));
      return tender;
    };
    receiver.mode = 503;
    try {
      // Matched while enabled; its delivery is still pending (the receiver refuses) when the key is disabled.
      const before = await publishTender();
      await vi.waitFor(async () => {
        expect(await deliveriesOf(before.id)).toEqual([expect.objectContaining({ last_error: "HTTP 503" })]);
      }, wait);
      expect(await setApiKeyEnabled(t.db, keyId, false)).toBe(true);
      await vi.waitFor(async () => {
        expect(await deliveriesOf(before.id)).toEqual([
          expect.objectContaining({ status: "failed", last_error: "the API key is disabled" }),
        ]);
      }, wait);
      receiver.mode = 204;
      const [pendingAlert] = await matchesOf(before.id);

      const during = await publishTender();
      expect(await matchesOf(during.id)).toEqual([]);
      expect(await deliveriesOf(during.id)).toEqual([]);

      expect(await setApiKeyEnabled(t.db, keyId, true)).toBe(true);
      const after = await publishTender();
      const [newAlert] = await matchesOf(after.id);
      await vi.waitFor(() => expect(receiver.delivered()).toContain(newAlert?.id), wait);
      // Nothing of the disabled time comes back: no match for the tender indexed meanwhile, and
      // the delivery ended while disabled is not sent.
      expect(await matchesOf(during.id)).toEqual([]);
      expect(receiver.delivered()).not.toContain(pendingAlert?.id);
      expect(await deliveriesOf(before.id)).toEqual([expect.objectContaining({ status: "failed" })]);
    } finally {
      receiver.mode = 204;
    }
  });
});
