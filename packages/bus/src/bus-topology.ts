import { type BusNames, busNames } from "./bus-names.js";
import { type DeliverySettings, type SubjectCatalog, subjectCatalog } from "./subject-catalog.js";

/** Streams, subjects and consumers as `ensureTopology` creates them. */
export interface BusTopology {
  names: BusNames;
  catalog: SubjectCatalog;
  /** Messages older than this are removed (retention by age, never by count). */
  retentionMs: number;
  /** Window in which a repeated `Nats-Msg-Id` is dropped by the server. */
  duplicateWindowMs: number;
  /** Stream replicas (1 on a single server). */
  replicas: number;
}

export interface BusTopologyOptions {
  names?: BusNames;
  retentionMs?: number;
  duplicateWindowMs?: number;
  replicas?: number;
  delivery?: Partial<DeliverySettings>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RETENTION_MS = 30 * DAY_MS;
export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** The topology with the defaults of docs/events.md#streams-and-subjects, overridable (unique names and short delays in tests). */
export function busTopology(options: BusTopologyOptions = {}): BusTopology {
  const names = options.names ?? busNames();
  const topology: BusTopology = {
    names,
    catalog: subjectCatalog(names, options.delivery),
    retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS,
    duplicateWindowMs: options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
    replicas: options.replicas ?? 1,
  };
  // The server rejects a duplicate window longer than the stream's max age.
  if (topology.duplicateWindowMs > topology.retentionMs) {
    throw new Error("The duplicate window must not be longer than the retention.");
  }
  return topology;
}
