export { AI_PROVIDERS, AiEnv } from "./ai-env.js";
export { ConfigError } from "./config-error.js";
export { ConsumerEnv } from "./consumer-env.js";
export {
  DatabaseEnv,
  type DatabaseTimeoutDefaults,
  databaseEnv,
  POSTGRES_PROTOCOLS,
  WORKER_DATABASE_TIMEOUTS,
} from "./database-env.js";
export { deepFreeze, type Frozen } from "./deep-freeze.js";
export { envBool } from "./env-bool.js";
export { envEnum } from "./env-enum.js";
export { type EnvIntOptions, envInt } from "./env-int.js";
export { type EnvNumberOptions, envNumber } from "./env-number.js";
export { envString } from "./env-string.js";
export { type EnvUrlOptions, envUrl } from "./env-url.js";
export type { EnvOutput, EnvSchema, EnvVarOptions } from "./env-var.js";
export { EventWorkerEnv } from "./event-worker-env.js";
export { type EnvSource, loadConfig } from "./load-config.js";
export { LOG_LEVELS, LogEnv } from "./log-env.js";
export { NatsEnv } from "./nats-env.js";
export { OutboxEnv, outboxRetentionMs } from "./outbox-env.js";
export { redactConnectionString } from "./redact-connection-string.js";
export { isSecretVariable } from "./secret-values.js";
export { TracingEnv } from "./tracing-env.js";
export { WebhookEnv } from "./webhook-env.js";
