import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  DiscardPolicy,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from "@nats-io/jetstream";
import { nanos } from "@nats-io/transport-node";
import type { BusTopology } from "./bus-topology.js";
import { catalogEntries } from "./subject-catalog.js";

export type StreamSettings = Pick<
  StreamConfig,
  | "name"
  | "subjects"
  | "retention"
  | "storage"
  | "discard"
  | "max_age"
  | "max_msgs"
  | "max_bytes"
  | "duplicate_window"
  | "num_replicas"
>;

export type ConsumerSettings = Pick<
  ConsumerConfig,
  | "durable_name"
  | "ack_policy"
  | "deliver_policy"
  | "replay_policy"
  | "filter_subject"
  | "ack_wait"
  | "max_deliver"
>;

/** Stream configurations (main and dead-letter streams); only options nats-server 2.9 knows. */
export function streamConfigs(topology: BusTopology): StreamSettings[] {
  const subjectsByStream = new Map<string, string[]>();
  const add = (stream: string, subject: string) => {
    const subjects = subjectsByStream.get(stream) ?? [];
    if (!subjects.includes(subject)) subjects.push(subject);
    subjectsByStream.set(stream, subjects);
  };
  for (const entry of catalogEntries(topology.catalog)) {
    add(entry.stream, entry.subject);
    add(entry.dlqStream, entry.dlqSubject);
  }
  return [...subjectsByStream].map(([name, subjects]) => ({
    name,
    subjects,
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(topology.retentionMs),
    max_msgs: -1,
    max_bytes: -1,
    duplicate_window: nanos(topology.duplicateWindowMs),
    num_replicas: topology.replicas,
  }));
}

/** One durable pull consumer per (subject, consumer name), each with a single `filter_subject` (2.9). */
export function consumerConfigs(topology: BusTopology): { stream: string; config: ConsumerSettings }[] {
  return catalogEntries(topology.catalog).flatMap((entry) =>
    entry.consumers.map((durable) => ({
      stream: entry.stream,
      config: {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        // A consumer created after events were published still gets them.
        deliver_policy: DeliverPolicy.All,
        replay_policy: ReplayPolicy.Instant,
        filter_subject: entry.subject,
        ack_wait: nanos(entry.delivery.ackWaitMs),
        // One delivery beyond the handler attempts: if the process dies during the last
        // attempt, the redelivery dead-letters the message instead of it being dropped silently.
        max_deliver: entry.delivery.maxDeliver + 1,
      },
    })),
  );
}
