import { TENDER_CHANGED_SUBJECT, TENDER_INDEXED_SUBJECT } from "@tender/contracts";

/** Names of the JetStream streams, subjects and durable consumers of the service. */
export interface BusNames {
  stream: string;
  subject: string;
  dlqStream: string;
  dlqSubject: string;
  /** `tender.indexed.v1` (docs/events.md#tenderindexedv1), on the same streams. */
  indexedSubject: string;
  indexedDlqSubject: string;
  consumers: { indexer: string; downloader: string; notifier: string };
}

/** The production names (docs/events.md#streams-and-subjects). */
export const DEFAULT_BUS_NAMES: BusNames = Object.freeze({
  stream: "TENDERS",
  subject: TENDER_CHANGED_SUBJECT,
  dlqStream: "TENDERS_DLQ",
  dlqSubject: `dlq.${TENDER_CHANGED_SUBJECT}`,
  indexedSubject: TENDER_INDEXED_SUBJECT,
  indexedDlqSubject: `dlq.${TENDER_INDEXED_SUBJECT}`,
  consumers: Object.freeze({ indexer: "indexer", downloader: "downloader", notifier: "notifier" }),
});

const PREFIX = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The default names, or, with a prefix, names of their own (`X_TENDERS`, `x.tender.changed.v1`, ...)
 * so that tests sharing one NATS server never see each other's messages.
 */
export function busNames(prefix?: string): BusNames {
  if (prefix === undefined) return DEFAULT_BUS_NAMES;
  if (!PREFIX.test(prefix)) {
    throw new Error(`Bus name prefix "${prefix}" must be 1..32 letters, digits, "_" or "-".`);
  }
  const upper = prefix.toUpperCase();
  const lower = prefix.toLowerCase();
  return {
    stream: `${upper}_${DEFAULT_BUS_NAMES.stream}`,
    subject: `${lower}.${DEFAULT_BUS_NAMES.subject}`,
    dlqStream: `${upper}_${DEFAULT_BUS_NAMES.dlqStream}`,
    dlqSubject: `${lower}.${DEFAULT_BUS_NAMES.dlqSubject}`,
    indexedSubject: `${lower}.${DEFAULT_BUS_NAMES.indexedSubject}`,
    indexedDlqSubject: `${lower}.${DEFAULT_BUS_NAMES.indexedDlqSubject}`,
    consumers: { ...DEFAULT_BUS_NAMES.consumers },
  };
}
