// The built service itself (dist/main.js, as `pnpm start` runs it) as child processes: killed
// (SIGKILL) in the middle of webhook attempts, then started again. Each claim's lease (2 × WEBHOOK_TIMEOUT_MS + 5 s) is the wait before
// its attempt is made again.
import { fileURLToPath } from "node:url";
import { busNames } from "@tender/bus";
import {
  type ServiceProcess,
  seedTender,
  serviceStarted,
  startServiceProcess,
  uniqueBusToken,
  useTestBus,
  useTestDatabase,
  workerProcessEnv,
} from "@tender/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { indexedEvent, publishBody } from "./testing/indexed-event.js";
import { saveSearch, TEST_WEBHOOK_KEY, TEST_WEBHOOK_SECRET } from "./testing/save-search.js";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver.js";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const t = useTestDatabase();
const tb = useTestBus("notifier-process-test");
const prefix = `n${uniqueBusToken()}`;
const names = tb.removeAfterAll(busNames(prefix));
let receiver: WebhookReceiver;
const started: ServiceProcess[] = [];
/** WEBHOOK_TIMEOUT_MS: a claim's lease is twice this plus 5 s. */
const TIMEOUT_MS = 3_000;

beforeAll(async () => {
  receiver = await startWebhookReceiver(TEST_WEBHOOK_SECRET);
});
afterAll(async () => {
  for (const { child } of started)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await receiver.close();
});

function startNotifier(): ServiceProcess {
  const service = startServiceProcess(MAIN, {
    ...workerProcessEnv({
      databaseUrl: t.url,
      busPrefix: prefix,
      storageDir: "/nonexistent",
      logLevel: "info",
    }),
    WEBHOOK_SECRET_KEY: TEST_WEBHOOK_KEY.toString("base64"),
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "true",
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_RETRY_FIRST_MS: "200",
    WEBHOOK_POLL_INTERVAL_MS: "100",
  });
  started.push(service);
  return service;
}

describe("notifier service (dist/main.js)", () => {
  it("killed (SIGKILL) during webhook attempts: a new process delivers every alert, each at most once more", async () => {
    const first = startNotifier();
    await serviceStarted(first, "Notifier started");
    const text = "Dredging of the harbour basin and disposal of the sediment.";
    const tender = await seedTender(t.db, { chunks: [text] });
    for (let i = 0; i < 2; i++) await saveSearch(t.db, { query: text, webhookUrl: receiver.url });
    receiver.mode = "hang";
    await publishBody(tb.bus, names.indexedSubject, indexedEvent(tender));

    const matches = () =>
      t.db.selectFrom("saved_search_matches").select("id").where("tender_id", "=", tender.id).execute();
    await vi.waitFor(async () => expect(await matches()).toHaveLength(2), { timeout: 20_000, interval: 50 });
    const alertIds = (await matches()).map((m) => m.id).sort();
    const requestsFor = (id: string) => receiver.received.filter((r) => r.alertId === id).length;
    // An attempt of each is at the receiver, unanswered, when the process dies.
    await vi.waitFor(() => expect(alertIds.map(requestsFor)).not.toContain(0), {
      timeout: 20_000,
      interval: 20,
    });
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    // One, unless the machine was so slow that an attempt timed out and the retry came too.
    const killedAttempts = alertIds.map(requestsFor);
    receiver.mode = 204;

    const second = startNotifier();
    const healthPort = await serviceStarted(second, "Notifier started");
    // Their claims run out (2 × 1.5 s + 5 s after the first attempt); then each goes out again.
    await vi.waitFor(
      async () => {
        const rows = await t.db
          .selectFrom("webhook_deliveries")
          .select(["match_id", "status", "attempts"])
          .orderBy("match_id")
          .execute();
        expect(rows).toEqual(
          alertIds.map((id, i) => ({
            match_id: id,
            status: "delivered",
            attempts: (killedAttempts[i] ?? 0) + 1,
          })),
        );
      },
      { timeout: 60_000, interval: 100 },
    );
    // Each alert delivered once, after exactly the attempts the killed process had made.
    expect(receiver.delivered().sort()).toEqual(alertIds);
    expect(alertIds.map(requestsFor)).toEqual(killedAttempts.map((n) => n + 1));
    expect(receiver.received.every((r) => r.signed && r.valid)).toBe(true);
    expect(await matches()).toHaveLength(2);

    const metrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    expect(metrics).toContain('tender_webhook_deliveries_total{outcome="delivered"} 2');
    expect(metrics).toContain("tender_webhook_deliveries_pending 0");
    expect(metrics).toMatch(/^tender_consumer_pending\{consumer="notifier"\} 0$/m);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 120_000);
});
