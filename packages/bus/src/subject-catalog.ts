import type { BackoffPolicy } from "@tender/backoff";
import {
  createTenderChangedV1Validator,
  createTenderIndexedV1Validator,
  type TenderChangedV1,
  type TenderIndexedV1,
} from "@tender/contracts";
import type { BusNames } from "./bus-names.js";

/** Checks a decoded message body against the subject's JSON Schema. */
export type PayloadValidator<T> = (
  value: unknown,
) => { ok: true; value: T } | { ok: false; errors: string[] };

/** How a subject's messages are delivered and retried. */
export interface DeliverySettings {
  /** Time a consumer has to acknowledge (or signal progress) before the server redelivers. */
  ackWaitMs: number;
  /** Handler attempts before the message is dead-lettered. */
  maxDeliver: number;
  /** Delay before redelivery after a handler failure (`nak` with delay). */
  backoff: BackoffPolicy;
}

/** Everything about one subject, described once. */
export interface SubjectEntry<T> {
  subject: string;
  stream: string;
  dlqSubject: string;
  dlqStream: string;
  /** Durable pull consumers that read this subject. */
  consumers: readonly string[];
  /** Builds the payload validator (compiling it is costly: build once per consumer). */
  createValidator: () => PayloadValidator<T>;
  delivery: DeliverySettings;
}

/** Every subject of the service. */
export interface SubjectCatalog {
  tenderChanged: SubjectEntry<TenderChangedV1>;
  /** Written by the indexer when a tender's chunks changed; read by the notifier. */
  tenderIndexed: SubjectEntry<TenderIndexedV1>;
}

/**
 * Defaults: a minute to acknowledge (handlers signal progress well within it), ten attempts
 * spread over about a quarter of an hour, so a short outage of the database or the AI provider
 * does not dead-letter events.
 */
export const DEFAULT_DELIVERY: DeliverySettings = Object.freeze({
  ackWaitMs: 60_000,
  maxDeliver: 10,
  backoff: Object.freeze({ initialMs: 2_000, maxMs: 300_000 }),
});

/** The subject catalog for the given names. */
export function subjectCatalog(names: BusNames, delivery: Partial<DeliverySettings> = {}): SubjectCatalog {
  return {
    tenderChanged: {
      subject: names.subject,
      stream: names.stream,
      dlqSubject: names.dlqSubject,
      dlqStream: names.dlqStream,
      consumers: [names.consumers.indexer, names.consumers.downloader],
      createValidator: createTenderChangedV1Validator,
      delivery: { ...DEFAULT_DELIVERY, ...delivery },
    },
    tenderIndexed: {
      subject: names.indexedSubject,
      stream: names.stream,
      dlqSubject: names.indexedDlqSubject,
      dlqStream: names.dlqStream,
      consumers: [names.consumers.notifier],
      createValidator: createTenderIndexedV1Validator,
      delivery: { ...DEFAULT_DELIVERY, ...delivery },
    },
  };
}

/** The catalog's entries, for code that treats every subject alike. */
export function catalogEntries(catalog: SubjectCatalog): SubjectEntry<unknown>[] {
  return Object.values(catalog) as SubjectEntry<unknown>[];
}
