import { DeliverPolicy, type JetStreamManager } from "@nats-io/jetstream";
import { type BusTopology, consumerConfigs } from "@tender/bus";
import { CliError } from "../cli-error.js";
import { isNotFound } from "../describe-bus-error.js";

/** Where a replayed consumer starts: a stream sequence, or the first message stored at or after a time. */
export type ReplayStart = { seq: number } | { since: Date };

export interface ReplayResult {
  consumer: string;
  stream: string;
  deliver_policy: string;
  opt_start_seq?: number;
  opt_start_time?: string;
  /** False when the consumer did not exist (it was lost): it is created, not replaced. */
  replaced_existing: boolean;
  /** Messages the recreated consumer will deliver. */
  num_pending: number;
  stream_first_seq: number;
  stream_last_seq: number;
}

/**
 * Deletes the durable consumer `name` and creates it again with the same configuration as
 * `ensureTopology` gives it, except that delivery starts at `start`. Unacknowledged deliveries of
 * the old consumer are dropped with it and delivered again by the new one.
 */
export async function replayConsumer(
  jsm: JetStreamManager,
  topology: BusTopology,
  name: string,
  start: ReplayStart,
): Promise<ReplayResult> {
  const target = consumerConfigs(topology).find((c) => c.config.durable_name === name);
  if (target === undefined) throw new CliError(`"${name}" is not a consumer of the tender events`);
  const { stream } = target;
  // Fails with "stream not found" before anything is deleted.
  const { state } = await jsm.streams.info(stream);
  const replaced = await jsm.consumers.delete(stream, name).catch((error: unknown) => {
    if (isNotFound(error)) return false;
    throw error;
  });
  const position =
    "seq" in start
      ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: start.seq }
      : { deliver_policy: DeliverPolicy.StartTime, opt_start_time: start.since.toISOString() };
  await jsm.consumers.add(stream, { ...target.config, ...position });
  const info = await jsm.consumers.info(stream, name);
  return {
    consumer: name,
    stream,
    ...position,
    replaced_existing: replaced,
    num_pending: info.num_pending,
    stream_first_seq: state.first_seq,
    stream_last_seq: state.last_seq,
  };
}
