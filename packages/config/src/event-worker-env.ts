import * as v from "valibot";
import { ConsumerEnv } from "./consumer-env.js";
import { DatabaseEnv } from "./database-env.js";
import { LogEnv } from "./log-env.js";
import { NatsEnv } from "./nats-env.js";
import { OutboxEnv } from "./outbox-env.js";
import { TracingEnv } from "./tracing-env.js";

/**
 * What a worker that consumes events and relays its own outbox (downloader, indexer) reads
 * besides its own variables: database, NATS, the consumer's limits, logging, outbox retention
 * and traces.
 */
export const EventWorkerEnv = v.intersect([DatabaseEnv, NatsEnv, ConsumerEnv, LogEnv, OutboxEnv, TracingEnv]);
export type EventWorkerEnv = v.InferOutput<typeof EventWorkerEnv>;
