export { createLogger, type Logger, type LoggerOptions } from "./create-logger.js";
export { redactConnectionString } from "./redact-connection-string.js";
export { REDACT_PATHS, REDACTED, SECRET_FIELDS } from "./redact-paths.js";
export { acceptOrCreateRequestId, REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from "./request-id.js";
export { type HealthCheck, type HealthServer, startHealthServer } from "./start-health-server.js";
