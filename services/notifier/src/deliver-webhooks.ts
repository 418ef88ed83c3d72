import { abortableDelay, backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "@tender/bus";
import { signWebhookBody } from "@tender/contracts";
import {
  type ClaimedDelivery,
  claimWebhookDeliveries,
  type Db,
  type DeliveryInFlight,
  openWebhookSecret,
  recordWebhookAttempt,
} from "@tender/db";
import { sendWebhook, type WebhookEgress } from "./send-webhook.js";
import { toAlert } from "./to-alert.js";

/** The delivery schedule and its bounds. */
export interface DeliverySettings {
  egress: WebhookEgress;
  /** WEBHOOK_SECRET_KEY, parsed; without it no secret opens and every attempt fails. */
  secretKey: Buffer | undefined;
  /** WEBHOOK_CONCURRENCY: attempts in flight at once. */
  concurrency: number;
  /** WEBHOOK_CONCURRENCY_PER_KEY: attempts in flight at once for one API key's saved searches. */
  perKey: number;
  /** WEBHOOK_CONCURRENCY_PER_HOST: attempts in flight at once to one receiving host and port. */
  perHost: number;
  /** WEBHOOK_POLL_INTERVAL_MS: pause when nothing is due. */
  pollIntervalMs: number;
  /** WEBHOOK_RETRY_FIRST_MS: pause after the first failed attempt, doubling after each further one. */
  retryFirstMs: number;
  /** WEBHOOK_RETRY_WINDOW_MS: no attempt starts later than this after the match; then `failed`. */
  retryWindowMs: number;
}

/** What one attempt did: `delivered`, `retry` (failed, tried again later) or `failed` (for good). */
export type DeliveryOutcome = "delivered" | "retry" | "failed";

export interface DeliverWebhooksDeps {
  db: Db;
  logger: BusLogger;
  settings: DeliverySettings;
  /** Hears each attempt's outcome (`tender_webhook_deliveries_total`). */
  recordOutcome?: (outcome: DeliveryOutcome) => void;
  /** The clock of the signature; default now. */
  now?: () => number;
}

/** A claim outlives its attempt: the request's timeout, then time to record the outcome. */
export function deliveryLeaseMs(timeoutMs: number): number {
  return 2 * timeoutMs + 5_000;
}

async function attempt(delivery: ClaimedDelivery, deps: DeliverWebhooksDeps): Promise<void> {
  const { settings } = deps;
  const fields = { delivery_id: delivery.id, alert_id: delivery.match.alert_id, attempt: delivery.attempt };
  let error: string | undefined;
  let giveUp = false;
  if (delivery.webhookUrl === null || delivery.sealedSecret === null) {
    // Removed by its owner since the match: no retry can deliver it.
    error = "the saved search has no webhook";
    giveUp = true;
  } else if (settings.secretKey === undefined) {
    error = "WEBHOOK_SECRET_KEY is not set: the webhook secret cannot be opened";
  } else {
    let secret: string | undefined;
    try {
      secret = openWebhookSecret(settings.secretKey, delivery.savedSearch.id, delivery.sealedSecret);
    } catch {
      error = "the webhook secret does not open with WEBHOOK_SECRET_KEY";
    }
    if (secret !== undefined) {
      const body = JSON.stringify(toAlert(delivery));
      const signature = signWebhookBody(secret, body, (deps.now?.() ?? Date.now()) / 1000);
      const failure = await sendWebhook(
        { url: delivery.webhookUrl, body, alertId: delivery.match.alert_id, signature },
        settings.egress,
      );
      error = failure?.error;
      giveUp = failure?.permanent ?? false;
    }
  }
  const retryInMs = backoffDelayMs(delivery.attempt, {
    initialMs: settings.retryFirstMs,
    maxMs: settings.retryWindowMs,
  });
  const status = await recordWebhookAttempt(
    deps.db,
    delivery,
    error === undefined
      ? { delivered: true }
      : giveUp
        ? { delivered: false, error, giveUp: true }
        : { delivered: false, error, retryInMs },
    settings.retryWindowMs,
  );
  if (status === "deleted") {
    // Its owner deleted the saved search during the attempt: nothing is left to deliver.
    deps.logger.info(fields, "Alert dropped: its saved search was deleted");
    return;
  }
  if (status === "stale") {
    deps.logger.warn(fields, "Webhook attempt outlived its claim; its outcome was not recorded");
    return;
  }
  const outcome = status === "pending" ? "retry" : status;
  deps.recordOutcome?.(outcome);
  if (outcome === "delivered") deps.logger.info(fields, "Alert delivered");
  else if (outcome === "retry")
    deps.logger.info({ ...fields, err: error, retry_in_ms: retryInMs }, "Alert not delivered; will retry");
  else deps.logger.warn({ ...fields, err: error }, "Alert delivery failed for good");
}

/**
 * Delivers due webhook alerts until `signal` aborts: claims what is due (up to the free slots
 * of `concurrency`, in turns across API keys, and at most `perKey` / `perHost` attempts in
 * flight per key and receiving host), attempts each independently (a slow or dead receiver
 * holds its slot for at most the timeout, and one customer's receivers hold at most `perKey`
 * slots), records each outcome, and claims again as attempts end. When nothing is due it waits
 * the poll interval, until `wakeUp` is called, or until an attempt ends (which may free a
 * key's or host's turn). On abort it claims nothing more and waits for the attempts in flight.
 */
export function deliverWebhooks(
  deps: DeliverWebhooksDeps,
  signal: AbortSignal,
): { done: Promise<void>; wakeUp: () => void } {
  let wake = new AbortController();
  const wakeUp = () => wake.abort();
  const done = (async () => {
    const inFlight = new Map<Promise<void>, DeliveryInFlight>();
    const leaseMs = deliveryLeaseMs(deps.settings.egress.timeoutMs);
    let failures = 0;
    while (!signal.aborted) {
      const free = deps.settings.concurrency - inFlight.size;
      if (free <= 0) {
        await Promise.race(inFlight.keys());
        continue;
      }
      // A wake-up from now on (a new match, an attempt that ended) calls for another claim.
      if (wake.signal.aborted) wake = new AbortController();
      let claimed: ClaimedDelivery[];
      try {
        claimed = await claimWebhookDeliveries(deps.db, {
          limit: free,
          leaseMs,
          perKey: deps.settings.perKey,
          perHost: deps.settings.perHost,
          inFlight: [...inFlight.values()],
        });
        failures = 0;
      } catch (error) {
        failures += 1;
        const delayMs = backoffDelayMs(failures, { initialMs: 500, maxMs: 10_000 });
        deps.logger.warn(
          { err: error instanceof Error ? error.message : String(error), retry_in_ms: delayMs },
          "Claiming webhook deliveries failed",
        );
        await abortableDelay(delayMs, signal);
        continue;
      }
      for (const delivery of claimed) {
        const task: Promise<void> = attempt(delivery, deps)
          .catch((error: unknown) => {
            // Recording failed (database down): the claim runs out and the row is tried again.
            deps.logger.error(
              { delivery_id: delivery.id, err: error instanceof Error ? error.message : String(error) },
              "Recording a webhook attempt failed",
            );
          })
          .finally(() => {
            inFlight.delete(task);
            // Its key's and host's turn is free: a delivery held back by the caps may go now.
            wakeUp();
          });
        inFlight.set(task, { apiKeyId: delivery.apiKeyId, receiverHost: delivery.receiverHost });
      }
      if (claimed.length < free) {
        // Woken since this claim began (what woke it may not have been due yet), or this claim
        // filled a host's last slot and so passed over other deliveries of the same keys: claim again.
        if (wake.signal.aborted || claimed.length > 0) continue;
        const waiting = new AbortController();
        const stop = () => waiting.abort();
        const woken = wake.signal;
        signal.addEventListener("abort", stop, { once: true });
        woken.addEventListener("abort", stop, { once: true });
        await abortableDelay(deps.settings.pollIntervalMs, waiting.signal);
        signal.removeEventListener("abort", stop);
        woken.removeEventListener("abort", stop);
      }
    }
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.keys()]);
  })();
  return { done, wakeUp };
}
