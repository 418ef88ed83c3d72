import type { JetStreamManager } from "@nats-io/jetstream";
import { type BusTopology, catalogEntries } from "@tender/bus";
import {
  countAwardStatus,
  countOrganisations,
  countProceduresWithSeveralNotices,
  countQuarantinedByReason,
  countTenderFacets,
  countUnlinkedNotices,
  countUnsentEmails,
  countWebhookDeliveries,
  type Db,
  readPipelineCounts,
} from "@tender/db";
import { isNotFound } from "../describe-bus-error.js";

/** What `tender status` reports from PostgreSQL. */
export interface DatabaseStatus {
  tenders: Record<string, number>;
  attachments: Record<string, number>;
  outbox: { unpublished: number; oldest_created_at: string | null; oldest_age_seconds: number | null };
  quarantined_records: number;
  /** The most frequent kinds of quarantine reason (`QUARANTINE_REASONS_SHOWN`), most frequent first. */
  quarantined_by_reason: { source: string; reason: string; count: number; last_quarantined_at: string }[];
  /** How many kinds of reason there are in all. */
  quarantine_reason_kinds: number;
  sources: { code: string; cursor: string | null; last_sync_at: string | null }[];
  /** Tenders per country and per CPV division (first two digits), most first (`FACETS_SHOWN`). */
  tenders_by_country: { value: string; count: number }[];
  tenders_by_cpv_division: { value: string; count: number }[];
  /** Notices per kind (planning, competition, change, result...), most first. */
  tenders_by_kind: { value: string; count: number }[];
  /** Procedures with more than one notice (a change, a result... linked to its call). */
  procedures_with_several_notices: number;
  /** Notices that could not be linked as versions of their procedure's notices, by reason (none: empty). */
  unlinked_notices: { reason: string; count: number }[];
  /**
   * Result and modification notices with and without awards, and the most frequent reasons
   * awards could not be read or were cut (`AWARD_REASONS_SHOWN`).
   */
  awards: {
    with_awards: number;
    without_awards: number;
    unreadable_by_reason: { reason: string; count: number }[];
  };
  /** Buyers and winners (`is_buyer` / `is_supplier`; one organisation may be both). */
  organisations: { total: number; buyers: number; suppliers: number };
  /** Webhook alerts not delivered yet: waiting, due now (and how late the oldest is), given up. */
  webhook_deliveries: { pending: number; due: number; oldest_due_age_seconds: number | null; failed: number };
  /** Email confirmations and digests not sent yet, given up, and email channels stopped by refusals. */
  emails: { pending: number; failed: number; stopped_channels: number };
}

/** One durable consumer; the counts are null when it does not exist. */
export interface ConsumerStatus {
  name: string;
  stream: string;
  exists: boolean;
  num_pending: number | null;
  num_ack_pending: number | null;
  num_redelivered: number | null;
  delivered_seq: number | null;
  ack_floor_seq: number | null;
}

export interface StreamStatus {
  name: string;
  exists: boolean;
  messages: number | null;
  first_seq: number | null;
  last_seq: number | null;
}

/** What `tender status` reports from NATS JetStream. */
export interface BusStatus {
  streams: StreamStatus[];
  consumers: ConsumerStatus[];
  dead_letters: StreamStatus[];
}

/** Countries and CPV divisions `tender status` lists. */
export const FACETS_SHOWN = 10;

/** Kinds of quarantine reason `tender status` lists. */
export const QUARANTINE_REASONS_SHOWN = 10;

/** Reasons of unreadable awards `tender status` lists. */
export const AWARD_REASONS_SHOWN = 10;

/** Pipeline counts, outbox backlog, quarantine reasons and source cursors. */
export async function readDatabaseStatus(db: Db): Promise<DatabaseStatus> {
  const [
    { tenders, attachments, outbox, quarantined, sources },
    byReason,
    facets,
    deliveries,
    emails,
    linked,
    unlinked,
    awards,
    organisations,
  ] = await Promise.all([
    readPipelineCounts(db),
    countQuarantinedByReason(db, QUARANTINE_REASONS_SHOWN),
    countTenderFacets(db, undefined, new Date()),
    countWebhookDeliveries(db),
    countUnsentEmails(db),
    countProceduresWithSeveralNotices(db),
    countUnlinkedNotices(db),
    countAwardStatus(db, AWARD_REASONS_SHOWN),
    countOrganisations(db),
  ]);
  return {
    tenders: { ...tenders, total: sum(tenders) },
    attachments: { ...attachments, total: sum(attachments) },
    outbox: {
      unpublished: outbox.unpublished,
      oldest_created_at: outbox.oldestCreatedAt?.toISOString() ?? null,
      oldest_age_seconds: outbox.oldestAgeSeconds,
    },
    quarantined_records: quarantined,
    quarantined_by_reason: byReason.reasons.map((r) => ({
      source: r.source,
      reason: r.reason,
      count: r.count,
      last_quarantined_at: r.lastQuarantinedAt.toISOString(),
    })),
    quarantine_reason_kinds: byReason.kinds,
    sources: sources.map((s) => ({
      code: s.code,
      cursor: s.cursor,
      last_sync_at: s.last_sync_at?.toISOString() ?? null,
    })),
    tenders_by_country: facets.countries.slice(0, FACETS_SHOWN),
    tenders_by_cpv_division: facets.cpv_divisions.slice(0, FACETS_SHOWN),
    tenders_by_kind: facets.kinds,
    procedures_with_several_notices: linked,
    unlinked_notices: unlinked,
    awards: {
      with_awards: awards.withAwards,
      without_awards: awards.withoutAwards,
      unreadable_by_reason: awards.reasons,
    },
    organisations,
    webhook_deliveries: {
      pending: deliveries.pending,
      due: deliveries.due,
      oldest_due_age_seconds: deliveries.oldestDueAgeSeconds,
      failed: deliveries.failed,
    },
    emails: { pending: emails.pending, failed: emails.failed, stopped_channels: emails.stoppedChannels },
  };
}

/** Streams, per-consumer backlog and dead-letter counts; a missing stream or consumer is reported, not thrown. */
export async function readBusStatus(jsm: JetStreamManager, topology: BusTopology): Promise<BusStatus> {
  const entries = catalogEntries(topology.catalog);
  const unique = (names: string[]) => [...new Set(names)];
  const streams = await Promise.all(unique(entries.map((e) => e.stream)).map((s) => readStream(jsm, s)));
  const deadLetters = await Promise.all(
    unique(entries.map((e) => e.dlqStream)).map((s) => readStream(jsm, s)),
  );
  const consumers = await Promise.all(
    entries.flatMap((e) => e.consumers.map((name) => readConsumer(jsm, e.stream, name))),
  );
  return { streams, consumers, dead_letters: deadLetters };
}

async function readStream(jsm: JetStreamManager, name: string): Promise<StreamStatus> {
  try {
    const { state } = await jsm.streams.info(name);
    return {
      name,
      exists: true,
      messages: state.messages,
      first_seq: state.first_seq,
      last_seq: state.last_seq,
    };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return { name, exists: false, messages: null, first_seq: null, last_seq: null };
  }
}

async function readConsumer(jsm: JetStreamManager, stream: string, name: string): Promise<ConsumerStatus> {
  try {
    const info = await jsm.consumers.info(stream, name);
    return {
      name,
      stream,
      exists: true,
      num_pending: info.num_pending,
      num_ack_pending: info.num_ack_pending,
      num_redelivered: info.num_redelivered,
      delivered_seq: info.delivered.stream_seq,
      ack_floor_seq: info.ack_floor.stream_seq,
    };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const none = { num_pending: null, num_ack_pending: null, num_redelivered: null };
    return { name, stream, exists: false, ...none, delivered_seq: null, ack_floor_seq: null };
  }
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
