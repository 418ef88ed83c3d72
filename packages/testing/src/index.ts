export { completeDownload } from "./complete-download.js";
export { withDatabase } from "./database-url.js";
export { emptyTables } from "./empty-tables.js";
export { type HeldTableLock, holdTableLock } from "./hold-table-lock.js";
export { indexAndMatch, unitVector } from "./index-and-match.js";
export {
  type GeneratedOrganisationsOptions,
  generatedOrganisationId,
  insertGeneratedOrganisations,
} from "./insert-generated-organisations.js";
export { type GeneratedTendersOptions, insertGeneratedTenders } from "./insert-generated-tenders.js";
export { insertMatch } from "./insert-match.js";
export { type PlanNode, planNodes } from "./plan-nodes.js";
export {
  controlTitle,
  type OversizedProcedures,
  seedOversizedProcedures,
} from "./seed-oversized-procedures.js";
export { type SeedSavedSearchOptions, seedSavedSearch } from "./seed-saved-search.js";
export {
  SEED_TENDER_FIELDS,
  type SeedAttachment,
  type SeedChunk,
  type SeededTender,
  type SeedStorage,
  type SeedTenderOptions,
  seedTender,
} from "./seed-tender.js";
export { type ServiceProcess, serviceStarted, startServiceProcess } from "./service-process.js";
export {
  type StartStreamingReplicaOptions,
  type StreamingReplica,
  startStreamingReplica,
} from "./start-streaming-replica.js";
export { startTcpProxy, type TcpProxy } from "./tcp-proxy.js";
export { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from "./test-database.js";
export { testNatsUrl, uniqueBusToken } from "./test-nats.js";
export { upsertTenderInput } from "./upsert-tender-input.js";
export { type TestBusFixture, useTestBus } from "./use-test-bus.js";
export {
  type TestDatabaseFixture,
  useEmptyTestDatabase,
  useMigrationSteps,
  useTestDatabase,
} from "./use-test-database.js";
export { type TestTracingFixture, useTestTracing } from "./use-test-tracing.js";
export { type WorkerProcessEnvOptions, workerProcessEnv } from "./worker-process-env.js";
