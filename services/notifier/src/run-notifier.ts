import type { AiProvider } from "@tender/ai";
import { type Bus, type BusLogger, type BusTopology, runConsumer } from "@tender/bus";
import type { Db } from "@tender/db";
import { createTenderIndexedHandler } from "./create-tender-indexed-handler.js";
import { type DeliveryOutcome, type DeliverySettings, deliverWebhooks } from "./deliver-webhooks.js";
import { type SendEmailsDeps, sendEmails } from "./email/send-emails.js";

/** What the notifier process runs with, built by main.ts (or a test). */
export interface RunNotifierDeps {
  db: Db;
  js: Bus["js"];
  topology: BusTopology;
  ai: Pick<AiProvider, "embed" | "embedModel">;
  logger: BusLogger;
  /** NOTIFY_CONCURRENCY: events handled at once. */
  concurrency: number;
  /** MESSAGE_MAX_HANDLING_MS; the consumer runner's default when absent. */
  maxHandlingMs?: number;
  delivery: DeliverySettings;
  recordMatches?: (counts: { matches: number; followUps: number; deliveries: number }) => void;
  recordDelivery?: (outcome: DeliveryOutcome) => void;
  /** Email digests (SMTP_URL set); none: no mail is sent. */
  email?: Omit<SendEmailsDeps, "db" | "logger">;
}

/**
 * Runs the notifier until `signal` aborts: the `notifier` consumer on `tender.indexed.v1`, which
 * records matches and their deliveries, the delivery loop that sends them, and with `email` the
 * mail loop that sends confirmations and digests. Resolves once
 * the work in flight has finished.
 */
export async function runNotifier(deps: RunNotifierDeps, signal: AbortSignal): Promise<void> {
  const delivering = deliverWebhooks(
    {
      db: deps.db,
      logger: deps.logger,
      settings: deps.delivery,
      ...(deps.recordDelivery ? { recordOutcome: deps.recordDelivery } : {}),
    },
    signal,
  );
  const mailing = deps.email
    ? sendEmails({ db: deps.db, logger: deps.logger, ...deps.email }, signal)
    : undefined;
  const entry = deps.topology.catalog.tenderIndexed;
  await Promise.all([
    runConsumer({
      js: deps.js,
      entry,
      consumer: deps.topology.names.consumers.notifier,
      handler: createTenderIndexedHandler({
        db: deps.db,
        ai: deps.ai,
        logger: deps.logger,
        onDeliveries: delivering.wakeUp,
        ...(deps.recordMatches ? { recordMatches: deps.recordMatches } : {}),
      }),
      logger: deps.logger,
      signal,
      concurrency: deps.concurrency,
      ...(deps.maxHandlingMs === undefined ? {} : { maxHandlingMs: deps.maxHandlingMs }),
    }),
    delivering.done,
    mailing,
  ]);
}
