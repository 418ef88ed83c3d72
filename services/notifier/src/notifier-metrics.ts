import type { Db } from "@tender/db";
import { Counter, Gauge, outcomeCounter, type Registry } from "@tender/observability";
import { sql } from "kysely";
import type { DeliveryOutcome } from "./deliver-webhooks.js";
import type { EmailOutcome } from "./email/send-emails.js";

/** The recorders the notifier calls, registered in the probe port's registry. */
export interface NotifierMetrics {
  recordMatches(counts: { matches: number; followUps: number; deliveries: number }): void;
  recordDelivery(outcome: DeliveryOutcome): void;
  recordEmail(outcome: EmailOutcome): void;
}

/**
 * `tender_saved_search_matches_total` (matches recorded), `tender_webhook_deliveries_total{outcome}`
 * (each attempt: `delivered`, `retry`, `failed`), and `tender_webhook_deliveries_pending` (deliveries
 * waiting for an attempt, read at each scrape), `tender_emails_total{outcome}` (each mail attempt:
 * `sent`, `empty` (nothing new, no mail), `retry`, `failed`, `stopped`). The consumer's lag is among the worker gauges.
 */
export function notifierMetrics(registry: Registry, db: Db): NotifierMetrics {
  const matches = new Counter({
    name: "tender_saved_search_matches_total",
    help: "Matches of saved searches recorded by the notifier, follow-ups included.",
    registers: [registry],
  });
  new Gauge({
    name: "tender_webhook_deliveries_pending",
    help: "Webhook deliveries waiting for their next attempt.",
    registers: [registry],
    async collect() {
      const count = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`
        .execute(db)
        .then(({ rows }) => rows[0]?.n)
        .catch(() => undefined);
      if (count !== undefined) this.set(count);
    },
  });
  return {
    recordMatches: (counts) => matches.inc(counts.matches),
    recordDelivery: outcomeCounter<DeliveryOutcome>(
      registry,
      "tender_webhook_deliveries_total",
      "Webhook delivery attempts, by outcome (delivered, retry, failed).",
    ),
    recordEmail: outcomeCounter<EmailOutcome>(
      registry,
      "tender_emails_total",
      "Mail attempts (confirmations and digests), by outcome (sent, empty, retry, failed, stopped).",
    ),
  };
}
