import { backoffDelayMs } from "@tender/backoff";
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
import { runClaimLoop } from "./run-claim-loop.js";
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
 * Delivers due webhook alerts until `signal` aborts, in the shared claim loop (`runClaimLoop`):
 * claims what is due (up to the free slots of `concurrency`, in turns across API keys, and at
 * most `perKey` / `perHost` attempts in flight per key and receiving host), attempts each
 * independently (a slow or dead receiver holds its slot for at most the timeout, and one
 * customer's receivers hold at most `perKey` slots), records each outcome, and claims again as
 * attempts end. `wakeUp` (a new match) claims at once instead of after the poll interval.
 */
export function deliverWebhooks(
  deps: DeliverWebhooksDeps,
  signal: AbortSignal,
): { done: Promise<void>; wakeUp: () => void } {
  const leaseMs = deliveryLeaseMs(deps.settings.egress.timeoutMs);
  return runClaimLoop<ClaimedDelivery, DeliveryInFlight>(
    {
      logger: deps.logger,
      concurrency: deps.settings.concurrency,
      pollIntervalMs: deps.settings.pollIntervalMs,
      claim: async (limit, inFlight) => ({
        claimed: await claimWebhookDeliveries(deps.db, {
          limit,
          leaseMs,
          perKey: deps.settings.perKey,
          perHost: deps.settings.perHost,
          inFlight,
        }),
      }),
      slot: (delivery) => ({ apiKeyId: delivery.apiKeyId, receiverHost: delivery.receiverHost }),
      attempt: (delivery) => attempt(delivery, deps),
      claimFailedMessage: "Claiming webhook deliveries failed",
      attemptFailed: (delivery) => ({
        fields: { delivery_id: delivery.id },
        message: "Recording a webhook attempt failed",
      }),
    },
    signal,
  );
}
