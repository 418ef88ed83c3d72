export type { BusLogger } from "./bus-logger.js";
export { type BusNames, busNames, DEFAULT_BUS_NAMES } from "./bus-names.js";
export {
  type BusTopology,
  type BusTopologyOptions,
  busTopology,
  DEFAULT_DUPLICATE_WINDOW_MS,
  DEFAULT_RETENTION_MS,
} from "./bus-topology.js";
export { type Bus, type ConnectBusOptions, connectBus } from "./connect-bus.js";
export { type DeadLetter, listDeadLetters, retryDeadLetter } from "./dead-letter.js";
export { DlqHeaders } from "./dlq-headers.js";
export { ensureTopology } from "./ensure-topology.js";
export type { ConsumerContext, ConsumerHandler } from "./handle-message.js";
export {
  OutboxPublishError,
  type OutboxPublisher,
  pruneOutbox,
  type RelayOutboxOnceOptions,
  type RunOutboxRelayOptions,
  relayOutboxOnce,
  runOutboxRelay,
} from "./outbox-relay.js";
export type { OutboxClaim, OutboxEvent, OutboxStore } from "./outbox-store.js";
export { isPermanentError, PermanentError } from "./permanent-error.js";
export { redeliveryWindowMs } from "./redelivery-window-ms.js";
export { type RunConsumerOptions, runConsumer } from "./run-consumer.js";
export {
  catalogEntries,
  DEFAULT_DELIVERY,
  type DeliverySettings,
  type PayloadValidator,
  type SubjectCatalog,
  type SubjectEntry,
  subjectCatalog,
} from "./subject-catalog.js";
export { consumerConfigs, streamConfigs } from "./topology-configs.js";
