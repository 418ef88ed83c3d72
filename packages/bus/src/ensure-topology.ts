import { JetStreamApiError, type JetStreamManager } from "@nats-io/jetstream";
import type { BusLogger } from "./bus-logger.js";
import type { BusTopology } from "./bus-topology.js";
import { keptReplicas } from "./kept-replicas.js";
import { consumerConfigs, type StreamSettings, streamConfigs } from "./topology-configs.js";

// Servers 2.10+ refuse to change a consumer through "create"; 2.9 updates it in place.
const CONSUMER_ALREADY_EXISTS = 10148;
// 2.9 answers "deliver policy can not be updated" (a generic create error) when the consumer
// exists with another start position, as `tender events replay` leaves it.
const CONSUMER_CREATE_FAILED = 10012;

function hasCode(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

async function ensureStream(
  jsm: JetStreamManager,
  config: StreamSettings,
  logger: Pick<BusLogger, "warn"> | undefined,
): Promise<void> {
  const { name, storage: _storage, retention: _retention, ...changeable } = config;
  let onServer: number;
  try {
    // Creating with an identical configuration succeeds, so concurrent callers are fine.
    await jsm.streams.add(config);
    return;
  } catch (error) {
    // An existing stream with other settings (10058), or with other replicas, which the server
    // may refuse for lack of peers before it looks at the name: either way, update what exists.
    if (!(error instanceof JetStreamApiError)) throw error;
    const existing = await jsm.streams.info(name).catch(() => undefined);
    if (!existing) throw error;
    onServer = existing.config.num_replicas;
  }
  const configured = config.num_replicas ?? 1;
  const replicas = keptReplicas(configured, onServer);
  if (configured !== onServer) {
    logger?.warn(
      { stream: name, configured_replicas: configured, server_replicas: onServer, replicas },
      configured < onServer
        ? "NATS_STREAM_REPLICAS is below the stream's replicas on the server; keeping the server's"
        : "NATS_STREAM_REPLICAS is above the stream's replicas on the server; raising them",
    );
  }
  await jsm.streams.update(name, { ...changeable, num_replicas: replicas });
}

/**
 * Creates or updates the streams and durable consumers of `topology`. Idempotent: safe to run
 * on every start, twice, or from several processes at once. Messages are never touched, and an
 * existing stream's replicas are never lowered (`logger` hears when they differ).
 */
export async function ensureTopology(
  jsm: JetStreamManager,
  topology: BusTopology,
  logger?: Pick<BusLogger, "warn">,
): Promise<void> {
  for (const config of streamConfigs(topology)) await ensureStream(jsm, config, logger);
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
