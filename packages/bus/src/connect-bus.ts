import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { BusLogger } from "./bus-logger.js";

export interface ConnectBusOptions {
  /** NATS server URL(s), e.g. `nats://127.0.0.1:4222`. */
  servers: string | string[];
  /** Client name shown by the server's monitoring. */
  name: string;
  /** Connection status changes (disconnect, reconnect) are logged here. */
  logger?: BusLogger;
  /** Handshake timeout of the first connection; default 5000 ms. */
  timeoutMs?: number;
}

/** A NATS connection with its JetStream client and manager. */
export interface Bus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** Flushes pending acknowledgements and publishes, then closes the connection. */
  close: () => Promise<void>;
}

async function logStatus(nc: NatsConnection, logger: BusLogger): Promise<void> {
  for await (const status of nc.status()) {
    // "reconnecting" repeats on every attempt during an outage; "disconnect" already said it.
    if (status.type === "ping" || status.type === "update" || status.type === "reconnecting") continue;
    // "close" is the end of every orderly shutdown; only a lost or refused connection is a warning.
    const level = status.type === "reconnect" || status.type === "close" ? "info" : "warn";
    logger[level]({ nats_status: status.type }, "NATS connection status changed");
  }
}

/**
 * Connects to NATS with JetStream. After the first connection the client reconnects forever,
 * so a NATS restart never ends the process; publishes fail until it is back.
 */
export async function connectBus(options: ConnectBusOptions): Promise<Bus> {
  const nc = await connect({
    servers: options.servers,
    name: options.name,
    timeout: options.timeoutMs ?? 5_000,
    maxReconnectAttempts: -1,
  });
  try {
    const jsm = await jetstreamManager(nc);
    if (options.logger) void logStatus(nc, options.logger).catch(() => {});
    return {
      nc,
      js: jetstream(nc),
      jsm,
      close: async () => {
        if (!nc.isClosed()) await nc.drain();
      },
    };
  } catch (error) {
    await nc.close();
    throw new Error(`NATS at ${String(options.servers)} has no JetStream: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
