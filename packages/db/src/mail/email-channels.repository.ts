import { type EMAIL_STATUSES, emailRateLimitKey } from "@tender/contracts";
import { sql, type Transaction } from "kysely";
import type { Database, Db } from "../database.js";

/** A saved search's email channel as its owner sees it (weekday: ISO 8601, 1 = Monday). */
export interface EmailChannelView {
  saved_search_id: string;
  address: string;
  frequency: "instant" | "daily" | "weekly";
  hour_utc: number | null;
  weekday: number | null;
  status: (typeof EMAIL_STATUSES)[number];
  stopped_reason: string | null;
}

export interface NewEmailChannel {
  savedSearchId: string;
  apiKeyId: string;
  address: string;
  frequency: "instant" | "daily" | "weekly";
  hourUtc: number | null;
  weekday: number | null;
}

/** Confirmation mails allowed per hour, per API key and per address (whatever the key). */
export interface ConfirmationLimits {
  perKeyPerHour: number;
  perAddressPerHour: number;
}

const VIEW = [
  "saved_search_id",
  "address",
  "frequency",
  "hour_utc",
  "weekday",
  "status",
  "stopped_reason",
] as const;

/**
 * Adds the email channel of a saved search in the caller's transaction (the one that stores the
 * saved search). An address this key has already confirmed on another saved search (and not
 * unsubscribed since) is confirmed at once; otherwise a confirmation mail is queued, unless the
 * key or the address has had its share of confirmation mails in the last hour: then nothing is
 * written and `limited` says which. The address is counted as the mailbox it reaches
 * (`emailRateLimitKey`: case and `+sub-address` folded), under an advisory lock on that mailbox,
 * so two concurrent requests cannot both take the last place; the address is stored as written.
 */
export async function insertEmailChannel(
  trx: Transaction<Database>,
  input: NewEmailChannel,
  limits: ConfirmationLimits,
): Promise<{ view: EmailChannelView } | { limited: "key" | "address" }> {
  const address = input.address.toLowerCase();
  // The per-address limit counts mailboxes: `Ann+1@x.example` and `ann+2@X.example` are one.
  const rateKey = emailRateLimitKey(input.address);
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('email_address:' || ${rateKey}, 0))`.execute(trx);
  const { rows: known } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM email_channels AS ch JOIN saved_searches AS ss ON ss.id = ch.saved_search_id
      WHERE ss.api_key_id = ${input.apiKeyId} AND lower(ch.address) = ${address} AND ch.status = 'confirmed'
    ) AS found`.execute(trx);
  const confirmed = known[0]?.found === true;
  if (!confirmed) {
    const { rows } = await sql<{ by_key: number; by_address: number }>`
      SELECT
        (SELECT count(*)::int FROM email_confirmation_requests
          WHERE api_key_id = ${input.apiKeyId} AND requested_at > now() - interval '1 hour') AS by_key,
        (SELECT count(*)::int FROM email_confirmation_requests
          WHERE rate_key = ${rateKey} AND requested_at > now() - interval '1 hour') AS by_address`.execute(
      trx,
    );
    const counts = rows[0] ?? { by_key: 0, by_address: 0 };
    if (counts.by_key >= limits.perKeyPerHour) return { limited: "key" };
    if (counts.by_address >= limits.perAddressPerHour) return { limited: "address" };
    await trx
      .insertInto("email_confirmation_requests")
      .values({ api_key_id: input.apiKeyId, address: input.address, rate_key: rateKey })
      .execute();
  }
  const view = (await trx
    .insertInto("email_channels")
    .values({
      saved_search_id: input.savedSearchId,
      address: input.address,
      frequency: input.frequency,
      hour_utc: input.hourUtc,
      weekday: input.weekday,
      ...(confirmed
        ? { status: "confirmed", confirmed_at: sql<Date>`now()`, digested_through: sql<Date>`now()` }
        : {}),
    })
    .returning(VIEW)
    .executeTakeFirstOrThrow()) as EmailChannelView;
  if (!confirmed) {
    await trx
      .insertInto("email_messages")
      .values({ channel_id: input.savedSearchId, kind: "confirmation" })
      .execute();
  }
  return { view };
}

/** The email channels of these saved searches (those that have one). */
export async function listEmailChannels(
  db: Db,
  savedSearchIds: readonly string[],
): Promise<EmailChannelView[]> {
  if (savedSearchIds.length === 0) return [];
  return (await db
    .selectFrom("email_channels")
    .select(VIEW)
    .where("saved_search_id", "in", [...savedSearchIds])
    .execute()) as EmailChannelView[];
}

/** What a link in a mail needs: the channel's address (the token is signed over it) and status. */
export async function findEmailChannelForLink(
  db: Db,
  channelId: string,
): Promise<(EmailChannelView & { saved_search_name: string }) | undefined> {
  return (await db
    .selectFrom("email_channels as ch")
    .innerJoin("saved_searches as ss", "ss.id", "ch.saved_search_id")
    .select(VIEW.map((column) => `ch.${column}` as const))
    .select("ss.name as saved_search_name")
    .where("ch.saved_search_id", "=", channelId)
    .executeTakeFirst()) as (EmailChannelView & { saved_search_name: string }) | undefined;
}

/**
 * Confirms an unconfirmed channel: digests start from now. Returns the status the channel is in
 * afterwards (a confirmed, stopped or unsubscribed channel is left as it is); undefined when it
 * does not exist.
 */
export async function confirmEmailChannel(
  db: Db,
  channelId: string,
): Promise<EmailChannelView["status"] | undefined> {
  const { rows } = await sql<{ status: EmailChannelView["status"] }>`
    WITH updated AS (
      UPDATE email_channels SET status = 'confirmed', confirmed_at = now(), digested_through = now()
      WHERE saved_search_id = ${channelId} AND status = 'unconfirmed'
      RETURNING status
    )
    SELECT status FROM updated
    UNION ALL
    SELECT status FROM email_channels
    WHERE saved_search_id = ${channelId} AND NOT EXISTS (SELECT 1 FROM updated)`.execute(db);
  return rows[0]?.status;
}

/**
 * Unsubscribes a channel (whatever its status) and cancels its mails still waiting; false when
 * it does not exist. Unsubscribing twice is not an error.
 */
export async function unsubscribeEmailChannel(db: Db, channelId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    WITH cancelled AS (
      UPDATE email_messages SET status = 'cancelled', last_error = 'unsubscribed'
      WHERE channel_id = ${channelId} AND status = 'pending'
    )
    UPDATE email_channels SET status = 'unsubscribed'
    WHERE saved_search_id = ${channelId}
    RETURNING saved_search_id AS id`.execute(db);
  return rows.length > 0;
}
