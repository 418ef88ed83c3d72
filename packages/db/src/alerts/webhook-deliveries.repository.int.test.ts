import { randomUUID } from "node:crypto";
import { seedTender, useTestDatabase } from "@tender/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, setApiKeyEnabled } from "../keys/api-keys.repository.js";
import { insertSavedSearchWithinLimit } from "./saved-searches.repository.js";
import { claimWebhookDeliveries, recordWebhookAttempt } from "./webhook-deliveries.repository.js";

const t = useTestDatabase();
let savedSearchId: string;

beforeAll(async () => {
  const apiKeyId = (await createApiKey(t.db, { name: "deliveries", limitPerMinute: 100 })).id;
  savedSearchId = randomUUID();
  await t.db.transaction().execute((trx) =>
    insertSavedSearchWithinLimit(
      trx,
      {
        id: savedSearchId,
        apiKeyId,
        name: "hooked",
        query: "query",
        queryEmbedding: null,
        embeddingModel: "fake-hash-1024",
        filters: {},
        minScore: 0.5,
        webhookUrl: "https://hooks.example.org/in",
        sealedWebhookSecret: "v1.a.b.c",
        feedTokenHash: "ab".repeat(32),
        sealedFeedToken: null,
      },
      1000,
    ),
  );
});

/** A saved search of `apiKeyId` with a webhook to `webhookUrl`. */
async function hookedSearch(apiKeyId: string, webhookUrl: string): Promise<string> {
  const id = randomUUID();
  await t.db.transaction().execute((trx) =>
    insertSavedSearchWithinLimit(
      trx,
      {
        id,
        apiKeyId,
        name: "hooked",
        query: "query",
        queryEmbedding: null,
        embeddingModel: "fake-hash-1024",
        filters: {},
        minScore: 0.5,
        webhookUrl,
        sealedWebhookSecret: "v1.a.b.c",
        feedTokenHash: randomUUID().replaceAll("-", "").repeat(2),
        sealedFeedToken: null,
      },
      1000,
    ),
  );
  return id;
}

/** `n` matches of fresh tenders, each with a pending delivery due now. */
async function pendingDeliveries(n: number, forSearch = savedSearchId): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const tender = await seedTender(t.db, { attachments: ["a.pdf"] });
    const match = await t.db
      .insertInto("saved_search_matches")
      .values({
        saved_search_id: forSearch,
        tender_id: tender.id,
        content_hash: tender.contentHash,
        score: 0.75,
        snippet: "Bridge works.",
        attachment_id: tender.attachmentIds.get("a.pdf") ?? null,
        attachment_filename: "a.pdf",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto("webhook_deliveries")
      .values({ match_id: match.id, next_attempt_at: sql<Date>`now() - interval '1 second'` })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

const rowOf = (id: string) =>
  t.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("webhook deliveries", () => {
  it("concurrent claims share the due rows without overlap, each with its alert's content", async () => {
    const ids = await pendingDeliveries(6);
    const [a, b] = await Promise.all([
      claimWebhookDeliveries(t.db, { limit: 4, leaseMs: 60_000 }),
      claimWebhookDeliveries(t.db, { limit: 4, leaseMs: 60_000 }),
    ]);
    const claimed = [...(a ?? []), ...(b ?? [])];
    expect(claimed.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(claimed.every((c) => c.attempt === 1)).toBe(true);
    expect(claimed[0]).toMatchObject({
      savedSearch: { id: savedSearchId, name: "hooked" },
      webhookUrl: "https://hooks.example.org/in",
      sealedSecret: "v1.a.b.c",
      match: { score: 0.75, snippet: "Bridge works.", attachment: { filename: "a.pdf" } },
    });
    // Leased: nothing is due until the lease runs out.
    expect(await claimWebhookDeliveries(t.db, { limit: 10, leaseMs: 60_000 })).toEqual([]);
    for (const c of claimed) await recordWebhookAttempt(t.db, c, { delivered: true }, 86_400_000);
  });

  it("a lease that ran out makes the row due again; only the latest attempt's outcome is recorded", async () => {
    const [id] = await pendingDeliveries(1);
    const [first] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 100 });
    expect(first?.id).toBe(id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [second] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 60_000 });
    expect(second).toMatchObject({ id, attempt: 2 });
    if (!first || !second) throw new Error("not claimed");
    expect(await recordWebhookAttempt(t.db, first, { delivered: true }, 86_400_000)).toBe("stale");
    expect(await rowOf(second.id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(await recordWebhookAttempt(t.db, second, { delivered: true }, 86_400_000)).toBe("delivered");
    expect(await rowOf(second.id)).toMatchObject({ status: "delivered", last_error: null });
    expect((await rowOf(second.id)).delivered_at).toBeInstanceOf(Date);
  });

  it("a failure schedules the retry, and fails for good when the retry would start past the window", async () => {
    const [id] = await pendingDeliveries(1);
    const [claimed] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 60_000 });
    if (!claimed || claimed.id !== id) throw new Error("not claimed");
    const before = Date.now();
    expect(
      await recordWebhookAttempt(
        t.db,
        claimed,
        { delivered: false, error: "HTTP 503", retryInMs: 60_000 },
        86_400_000,
      ),
    ).toBe("pending");
    const row = await rowOf(claimed.id);
    expect(row).toMatchObject({ status: "pending", last_error: "HTTP 503" });
    expect(row.next_attempt_at.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);

    await sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${claimed.id}`.execute(t.db);
    const [again] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 60_000 });
    if (!again) throw new Error("not claimed again");
    const long = "x".repeat(5000);
    expect(
      await recordWebhookAttempt(t.db, again, { delivered: false, error: long, retryInMs: 120_000 }, 60_000),
    ).toBe("failed");
    expect(await rowOf(again.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      last_error: "x".repeat(1000),
    });
    expect(await claimWebhookDeliveries(t.db, { limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it("a failure that gives up is failed at once, however long the window", async () => {
    const [id] = await pendingDeliveries(1);
    const [claimed] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 60_000 });
    if (!claimed || claimed.id !== id) throw new Error("not claimed");
    expect(
      await recordWebhookAttempt(
        t.db,
        claimed,
        { delivered: false, error: "the saved search has no webhook", giveUp: true },
        86_400_000,
      ),
    ).toBe("failed");
    expect(await rowOf(claimed.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "the saved search has no webhook",
    });
  });

  it("an attempt whose delivery was deleted meanwhile (its saved search deleted) says so and records nothing", async () => {
    const [id] = await pendingDeliveries(1);
    const [claimed] = await claimWebhookDeliveries(t.db, { limit: 1, leaseMs: 60_000 });
    if (!claimed || claimed.id !== id) throw new Error("not claimed");
    await t.db.deleteFrom("webhook_deliveries").where("id", "=", claimed.id).execute();
    expect(
      await recordWebhookAttempt(
        t.db,
        claimed,
        { delivered: false, error: "HTTP 503", retryInMs: 1 },
        60_000,
      ),
    ).toBe("deleted");
    expect(await recordWebhookAttempt(t.db, claimed, { delivered: true }, 60_000)).toBe("deleted");
    expect(await t.db.selectFrom("webhook_deliveries").select("id").where("id", "=", id).execute()).toEqual(
      [],
    );
  });

  it("claims take turns across keys and keep to the caps per key and per receiving host, counting attempts in flight", async () => {
    const key = async (name: string) => (await createApiKey(t.db, { name, limitPerMinute: 100 })).id;
    const [busy, busy2, quiet] = [await key("busy"), await key("busy-2"), await key("quiet")];
    // Two keys with many due deliveries, the second of them on two hosts; one key with a single one, due last.
    await pendingDeliveries(6, await hookedSearch(busy, "https://slow.example.org/in"));
    await pendingDeliveries(3, await hookedSearch(busy2, "https://user:pw@Slow.Example.org/other"));
    await pendingDeliveries(3, await hookedSearch(busy2, "https://fast.example.org:8443/in"));
    const [lone] = await pendingDeliveries(1, await hookedSearch(quiet, "https://quiet.example.org/in"));
    const caps = { leaseMs: 60_000, perKey: 2, perHost: 2 };

    const first = await claimWebhookDeliveries(t.db, { ...caps, limit: 3 });
    // One turn each before any second: the quiet key's only delivery, though due last, is in.
    expect(new Set(first.map((c) => c.apiKeyId))).toEqual(new Set([busy, busy2, quiet]));
    expect(first.map((c) => c.id)).toContain(lone);

    const second = await claimWebhookDeliveries(t.db, { ...caps, limit: 10, inFlight: first });
    const all = [...first, ...second];
    const count = (pick: (c: (typeof all)[number]) => string) =>
      all.reduce((m, c) => m.set(pick(c), (m.get(pick(c)) ?? 0) + 1), new Map<string, number>());
    expect(count((c) => c.apiKeyId)).toEqual(
      new Map([
        [busy, 1],
        [busy2, 2],
        [quiet, 1],
      ]),
    );
    // Credentials and case do not make another host; another port does.
    expect(count((c) => c.receiverHost)).toEqual(
      new Map([
        ["slow.example.org", 2],
        ["fast.example.org:8443", 1],
        ["quiet.example.org", 1],
      ]),
    );
    // Nothing more while those are in flight. Once all but the first key's attempt ended, the
    // slow host's free slot goes to the key with none in flight, not to the first key's second;
    // the claim after it (the notifier claims again while claims find something) finds the rest.
    expect(await claimWebhookDeliveries(t.db, { ...caps, limit: 10, inFlight: all })).toEqual([]);
    const running = all.filter((c) => c.apiKeyId === busy);
    const third = await claimWebhookDeliveries(t.db, { ...caps, limit: 10, inFlight: running });
    expect(third.map((c) => [c.apiKeyId, c.receiverHost])).toEqual([[busy2, "slow.example.org"]]);
    const fourth = await claimWebhookDeliveries(t.db, {
      ...caps,
      limit: 10,
      inFlight: [...running, ...third],
    });
    expect(fourth.map((c) => [c.apiKeyId, c.receiverHost])).toEqual([[busy2, "fast.example.org:8443"]]);
    await sql`UPDATE webhook_deliveries SET status = 'delivered' WHERE status = 'pending'`.execute(t.db);
  });

  it("a due delivery of a disabled key is ended (failed, with the reason) and never claimed", async () => {
    const keyId = (await createApiKey(t.db, { name: "disabled", limitPerMinute: 100 })).id;
    const [id] = await pendingDeliveries(1, await hookedSearch(keyId, "https://hooks.example.org/off"));
    await setApiKeyEnabled(t.db, keyId, false);
    expect(await claimWebhookDeliveries(t.db, { limit: 10, leaseMs: 60_000 })).toEqual([]);
    expect(await rowOf(id ?? "")).toMatchObject({
      status: "failed",
      attempts: 0,
      last_error: "the API key is disabled",
    });
  });
});
