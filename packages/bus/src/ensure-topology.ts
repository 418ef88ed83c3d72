import { JetStreamApiError, type JetStreamManager } from "@nats-io/jetstream";
import type { BusTopology } from "./bus-topology.js";
import { consumerConfigs, type StreamSettings, streamConfigs } from "./topology-configs.js";

const STREAM_NAME_IN_USE = 10058;
// Servers 2.10+ refuse to change a consumer through "create"; 2.9 updates it in place.
const CONSUMER_ALREADY_EXISTS = 10148;
// 2.9 answers "deliver policy can not be updated" (a generic create error) when the consumer
// exists with another start position, as `tender events replay` leaves it.
const CONSUMER_CREATE_FAILED = 10012;

function hasCode(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

async function ensureStream(jsm: JetStreamManager, config: StreamSettings): Promise<void> {
  try {
    // Creating with an identical configuration succeeds, so concurrent callers are fine.
    await jsm.streams.add(config);
  } catch (error) {
    if (!hasCode(error, STREAM_NAME_IN_USE)) throw error;
    const { name, storage: _storage, retention: _retention, ...changeable } = config;
    await jsm.streams.update(name, changeable);
  }
}

/**
 * Creates or updates the streams and durable consumers of `topology`. Idempotent: safe to run
 * on every start, twice, or from several processes at once. Messages are never touched.
 */
export async function ensureTopology(jsm: JetStreamManager, topology: BusTopology): Promise<void> {
  for (const config of streamConfigs(topology)) await ensureStream(jsm, config);
  for (const { stream, config } of consumerConfigs(topology)) {
    try {
      await jsm.consumers.add(stream, config);
    } catch (error) {
      const exists =
        hasCode(error, CONSUMER_ALREADY_EXISTS) ||
        (hasCode(error, CONSUMER_CREATE_FAILED) &&
          (await jsm.consumers.info(stream, config.durable_name ?? "").then(
            () => true,
            () => false,
          )));
      if (!exists) throw error;
      const { durable_name, ack_policy: _a, deliver_policy: _d, ...changeable } = config;
      await jsm.consumers.update(stream, durable_name ?? "", changeable);
    }
  }
}
