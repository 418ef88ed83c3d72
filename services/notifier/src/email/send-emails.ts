import { backoffDelayMs } from "@tender/backoff";
import type { BusLogger } from "@tender/bus";
import {
  type ClaimedEmail,
  claimEmailMessages,
  type Db,
  type EmailAttemptOutcome,
  hasNews,
  loadDigestContent,
  recordEmailAttempt,
  scheduleEmailDigests,
} from "@tender/db";
import { runClaimLoop } from "../run-claim-loop.js";
import type { EmailLinks } from "./email-links.js";
import { renderConfirmation } from "./render-confirmation.js";
import { renderDigest } from "./render-digest.js";
import type { MailTransport, OutgoingMail } from "./send-mail.js";

/** The mail schedule and its bounds. */
export interface EmailSettings {
  /** EMAIL_CONCURRENCY: mails in flight at once. */
  concurrency: number;
  /** EMAIL_POLL_INTERVAL_MS: how often due digests are looked for; the pause when nothing is due. */
  pollIntervalMs: number;
  /** EMAIL_RETRY_FIRST_MS: pause after the first failed attempt, doubling after each further one. */
  retryFirstMs: number;
  /** EMAIL_RETRY_WINDOW_MS: no attempt starts later than this after the mail was queued; then `failed`. */
  retryWindowMs: number;
  /** How long a claimed mail is left to its attempt before another notifier may take it. */
  leaseMs: number;
  /** The domain of Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
}

/** What one attempt did. */
export type EmailOutcome = "sent" | "empty" | "retry" | "failed" | "stopped";

export interface SendEmailsDeps {
  db: Db;
  logger: BusLogger;
  transport: MailTransport;
  links: EmailLinks;
  settings: EmailSettings;
  recordOutcome?: (outcome: EmailOutcome) => void;
  /** The clock of periods and deadlines; default now. */
  now?: () => Date;
}

// A digest shows this many new tenders and closing ones at most; the rest are a click away.
const MAX_NEW = 50;
const MAX_CLOSING = 20;
const SCHEDULE_BATCH = 1000;

async function compose(
  mail: ClaimedEmail,
  deps: SendEmailsDeps,
  now: Date,
): Promise<OutgoingMail | undefined> {
  const { channel } = mail;
  const base = { to: channel.address, messageId: `<${mail.id}@${deps.settings.messageIdDomain}>` };
  if (mail.kind === "confirmation" || mail.period === null) {
    return {
      ...base,
      ...renderConfirmation({
        savedSearchName: channel.savedSearchName,
        address: channel.address,
        confirmUrl: deps.links.confirm(channel, now),
      }),
    };
  }
  const content = await loadDigestContent(deps.db, {
    savedSearchId: channel.id,
    since: mail.period.since,
    through: mail.period.through,
    now,
    maxNew: MAX_NEW,
    maxClosing: MAX_CLOSING,
  });
  if (!hasNews(content)) return undefined;
  const unsubscribeUrl = deps.links.unsubscribe(channel);
  return {
    ...base,
    unsubscribeUrl,
    ...renderDigest({
      savedSearchName: channel.savedSearchName,
      frequency: channel.frequency,
      address: channel.address,
      content,
      now,
      tenderPageUrl: deps.links.tenderPage,
      unsubscribeUrl,
    }),
  };
}

async function attempt(mail: ClaimedEmail, deps: SendEmailsDeps): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const fields = {
    email_id: mail.id,
    kind: mail.kind,
    saved_search_id: mail.channel.id,
    attempt: mail.attempt,
  };
  const outgoing = await compose(mail, deps, now);
  const failure = outgoing ? await deps.transport.send(outgoing) : undefined;
  const retryInMs = backoffDelayMs(mail.attempt, {
    initialMs: deps.settings.retryFirstMs,
    maxMs: deps.settings.retryWindowMs,
  });
  const outcome: EmailAttemptOutcome = !outgoing
    ? { empty: true }
    : failure
      ? { error: failure.error, retryInMs, permanent: failure.permanent }
      : { sent: true };
  const status = await recordEmailAttempt(deps.db, mail, outcome, deps.settings.retryWindowMs);
  if (status === undefined) {
    deps.logger.warn(fields, "Mail attempt outlived its claim; its outcome was not recorded");
    return;
  }
  const recorded: EmailOutcome = status === "pending" ? "retry" : status;
  deps.recordOutcome?.(recorded);
  if (recorded === "sent")
    deps.logger.info(fields, mail.kind === "digest" ? "Digest mailed" : "Confirmation mailed");
  else if (recorded === "empty") deps.logger.debug?.(fields, "Nothing new: no digest mailed");
  else if (recorded === "retry")
    deps.logger.info({ ...fields, err: failure?.error, retry_in_ms: retryInMs }, "Mail not sent; will retry");
  else if (recorded === "stopped")
    deps.logger.warn(
      { ...fields, err: failure?.error },
      "Mail refused three times: the saved search's email is stopped",
    );
  else deps.logger.warn({ ...fields, err: failure?.error }, "Mail failed for good");
}

/**
 * Sends email until `signal` aborts, in the claim loop webhook deliveries use (`runClaimLoop`):
 * before a claim, at most once per poll interval, it queues the digests that are due
 * (`scheduleEmailDigests`; a full batch is followed by another at once), then claims due mails
 * up to the free slots of `concurrency`, sends each independently and records its outcome. On
 * abort it claims nothing more, waits for the mails in flight and closes the transport.
 */
export async function sendEmails(deps: SendEmailsDeps, signal: AbortSignal): Promise<void> {
  let scheduledAt = Number.NEGATIVE_INFINITY;
  const { done } = runClaimLoop<ClaimedEmail, undefined>(
    {
      logger: deps.logger,
      concurrency: deps.settings.concurrency,
      pollIntervalMs: deps.settings.pollIntervalMs,
      claim: async (limit) => {
        let again = false;
        if (performance.now() - scheduledAt >= deps.settings.pollIntervalMs) {
          const { periods } = await scheduleEmailDigests(deps.db, {
            now: deps.now?.() ?? new Date(),
            limit: SCHEDULE_BATCH,
          });
          // A full batch: more are due, schedule again on the next turn.
          again = periods >= SCHEDULE_BATCH;
          scheduledAt = again ? Number.NEGATIVE_INFINITY : performance.now();
        }
        const claimed = await claimEmailMessages(deps.db, { limit, leaseMs: deps.settings.leaseMs });
        return { claimed, again };
      },
      slot: () => undefined,
      attempt: (mail) => attempt(mail, deps),
      claimFailedMessage: "Scheduling or claiming mails failed",
      attemptFailed: (mail) => ({
        fields: { email_id: mail.id },
        message: "Sending or recording a mail failed",
      }),
    },
    signal,
  );
  await done;
  deps.transport.close();
}
