export {
  type CreatedDemoSavedSearch,
  createDemoSavedSearch,
  DEMO_SAVED_SEARCH,
  describeAlert,
} from "./alerts/demo-saved-search.js";
export { type AlertReceiver, type ReceivedAlert, startAlertReceiver } from "./alerts/start-alert-receiver.js";
export { checkDemoSearch, type SearchCheck } from "./check-demo-search.js";
export { aiVariables, DemoEnv } from "./demo-env.js";
export {
  DEMO_ASK_QUESTION,
  DEMO_NOTICES_QUERY,
  DEMO_SEARCH_QUERY,
  DEMO_TENDER_EXTERNAL_ID,
  type DemoCurlCommands,
  type DemoTender,
  demoCurlCommands,
  findDemoTender,
  shellQuote,
} from "./demo-requests.js";
export {
  describeProgress,
  type IndexProgress,
  isSettled,
  readIndexProgress,
} from "./progress/read-index-progress.js";
export { type WaitUntilSettledOptions, waitUntilSettled } from "./progress/wait-until-settled.js";
export { type ReadyMessageInput, readyMessage } from "./ready-message.js";
export {
  type DemoData,
  type DemoDocument,
  type DemoOcdsSource,
  DOCUMENT_FILES,
  type JsonObject,
  loadDemoData,
  TED_PAGE_FILES,
} from "./replay/demo-data.js";
export { emptyCfPage, serveCfPage } from "./replay/serve-cf-page.js";
export { emptyTedPage, serveTedPage } from "./replay/serve-ted-page.js";
export { DOCUMENT_SITES, toPublicUrls, toReplayUrl } from "./replay/site-urls.js";
export {
  type DemoReplayServer,
  type DemoReplayServerOptions,
  startDemoReplayServer,
} from "./replay/start-demo-replay-server.js";
export { FIXTURES_DIR, REPO_ROOT } from "./repo-paths.js";
export { assertDemoDatabaseName, databaseName, recreateDemoDatabase } from "./setup/recreate-database.js";
export { resetDemoStreams } from "./setup/reset-demo-streams.js";
export { type FormattedLogLine, formatLogLine } from "./supervisor/format-log-line.js";
export { createLogPrinter, type LogPrinter, type TextSink } from "./supervisor/log-printer.js";
export {
  describeExit,
  type ServiceExit,
  type ServiceSpec,
  type Supervisor,
  type SupervisorOptions,
  startSupervisor,
} from "./supervisor/start-supervisor.js";
export {
  type DemoServicesConfig,
  demoServiceEnv,
  demoServiceSpecs,
  SERVICE_NAMES,
  type ServiceName,
  type WorkerName,
} from "./system/service-specs.js";
export {
  type DemoSystem,
  type DemoSystemOptions,
  ServiceExitedError,
  startDemoSystem,
} from "./system/start-demo-system.js";
export { waitUntilHealthy } from "./system/wait-until-healthy.js";
