#!/usr/bin/env node
// The demo: the whole system on this machine with real recorded data. Composition root only.
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { loadConfig } from "@tender/config";
import { type CreatedApiKey, createApiKey, type Database } from "@tender/db";
import { firstFreePort } from "@tender/net";
import { SOURCES } from "@tender/sources";
import type { Kysely } from "kysely";
import { DEMO_EMAIL, startDemoMailbox } from "./alerts/demo-mailbox.js";
import {
  createDemoSavedSearch,
  DEMO_PROCEDURE_SEARCH,
  DEMO_SAVED_SEARCH,
  describeAlert,
} from "./alerts/demo-saved-search.js";
import { type DemoProcedureStory, followDemoProcedure } from "./alerts/follow-demo-procedure.js";
import { type AlertReceiver, startAlertReceiver } from "./alerts/start-alert-receiver.js";
import {
  checkDemoBrowse,
  checkDemoProcedure,
  checkDemoSearch,
  describeProcedureNotices,
} from "./check-demo-search.js";
import { aiVariables, DemoEnv } from "./demo-env.js";
import {
  DEMO_BROWSE_QUERY,
  DEMO_FILTERS,
  DEMO_NOTICES_QUERY,
  DEMO_SEARCH_QUERY,
  demoCurlCommands,
  findDemoTender,
} from "./demo-requests.js";
import { waitUntilSettled } from "./progress/wait-until-settled.js";
import { readyMessage } from "./ready-message.js";
import { DEMO_PROCEDURE } from "./replay/demo-procedure.js";
import { assertDemoDatabaseName, databaseName, recreateDemoDatabase } from "./setup/recreate-database.js";
import { resetDemoStreams } from "./setup/reset-demo-streams.js";
import { createLogPrinter } from "./supervisor/log-printer.js";
import { describeExit } from "./supervisor/start-supervisor.js";
import { INGEST_SERVICE_NAMES, SERVICE_NAMES } from "./system/service-specs.js";
import { type DemoSystem, startDemoSystem } from "./system/start-demo-system.js";

const out = createLogPrinter(process.stdout);
/** A problem before anything runs: one clear line, no stack. */
function giveUp(error: unknown): never {
  out.warn(`cannot start the demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let config: DemoEnv;
try {
  config = loadConfig(DemoEnv, process.env);
} catch (error) {
  giveUp(error);
}
const baseEnv = Object.fromEntries(
  ["PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR"].flatMap((name) => {
    const value = process.env[name];
    return value === undefined ? [] : [[name, value]];
  }),
);
const databaseUrl = config.DEMO_DATABASE_URL;
const storageDir = join(config.DEMO_DIR, "files");

// Until the system is up, an interrupt just ends the process (the supervisor kills what it started).
const interruptWhileStarting = () => {
  out.warn("interrupted while starting");
  process.exit(130);
};
process.once("SIGINT", interruptWhileStarting);
process.once("SIGTERM", interruptWhileStarting);

let db: Kysely<Database>;
let apiKey: CreatedApiKey;
let gatewayPort: number;
try {
  assertDemoDatabaseName(databaseUrl);
  out.say(
    `preparing: database ${databaseName(databaseUrl)} is recreated empty on every run (so the demo is repeatable), streams with prefix "${config.DEMO_BUS_PREFIX}" too`,
  );
  db = await recreateDemoDatabase(databaseUrl);
  await resetDemoStreams(config.NATS_URL, config.DEMO_BUS_PREFIX);
  await rm(config.DEMO_DIR, { recursive: true, force: true });
  await mkdir(storageDir, { recursive: true });
  apiKey = await createApiKey(db, { name: "demo", limitPerMinute: 120 });
  const port = await firstFreePort(config.DEMO_PORT, config.DEMO_PORT + 20, "0.0.0.0");
  if (port === null) {
    throw new Error(
      `ports ${config.DEMO_PORT}..${config.DEMO_PORT + 20} are all taken; set DEMO_PORT to a free port`,
    );
  }
  gatewayPort = port;
} catch (error) {
  giveUp(error);
}
if (gatewayPort !== config.DEMO_PORT)
  out.say(`port ${config.DEMO_PORT} is taken: the gateway uses ${gatewayPort}`);
out.say(
  config.AI_PROVIDER === "fake"
    ? "AI provider: fake (a deterministic hashing embedder, not a language model; set AI_PROVIDER and AI_BASE_URL for a real one)"
    : `AI provider: ${config.AI_PROVIDER} at ${config.AI_BASE_URL} (embeddings ${config.AI_EMBED_MODEL}, chat ${config.AI_CHAT_MODEL})`,
);

/** How long the demo procedure's follow-ups may take once the recorded data is indexed. */
const FOLLOW_UPS_TIMEOUT_MS = 90_000;

let system: DemoSystem;
let story: DemoProcedureStory | undefined;
let receiver: AlertReceiver;
let mailbox: Awaited<ReturnType<typeof startDemoMailbox>>;
try {
  // The digests the notifier mails for the demo's saved search, printed as they arrive.
  mailbox = await startDemoMailbox(
    (line) => out.say(line),
    (line) => out.warn(line),
  );
  // The alerts the notifier sends to the demo's saved search, printed as they arrive.
  receiver = await startAlertReceiver((alert) => {
    out.say(describeAlert(alert.body, alert.signed));
    story?.onAlert(alert);
  });
  // The sources stay empty until the saved search exists, so the notices that match it are
  // indexed after it and alert it; the ingest services look again every 2 s until then.
  system = await startDemoSystem({
    replayAvailable: false,
    overrides: Object.fromEntries(INGEST_SERVICE_NAMES.map((name) => [name, { SYNC_INTERVAL_MS: "2000" }])),
    databaseUrl,
    natsUrl: config.NATS_URL,
    busPrefix: config.DEMO_BUS_PREFIX,
    gatewayPort,
    storageDir,
    smtpUrl: mailbox.url,
    logLevel: config.LOG_LEVEL,
    ai: aiVariables(config, config.DEMO_WORD_DELAY_MS),
    baseEnv,
    onLine: (service, line) => out.serviceLine(service, line),
  });
} catch (error) {
  out.warn(`the system did not start: ${(error as Error).message}`);
  await db.destroy();
  process.exit(1);
}
process.removeListener("SIGINT", interruptWhileStarting);
process.removeListener("SIGTERM", interruptWhileStarting);

const stopWaiting = new AbortController();
let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  stopWaiting.abort();
  out.say("stopping: SIGTERM to every service, waiting for them to finish their work");
  const exits = await system.stop(20_000);
  await receiver.close();
  await mailbox.close();
  for (const exit of exits.filter((e) => e.killed)) out.warn(`${exit.name} did not stop within 20 s: killed`);
  await db.destroy();
  out.say(code === 0 ? "stopped" : "stopped after a failure (see above)");
  process.exit(code);
}
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) {
    out.warn(`${signal} again: killing every service now`);
    process.exit(130);
  }
  void shutdown(0);
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);
void system.supervisor.unexpectedExit.then((exit) => {
  out.warn(
    `${exit.name} stopped on its own (${describeExit(exit)}). Nothing is restarted: stopping the demo.`,
  );
  void shutdown(1);
});

out.say(
  `all ${SERVICE_NAMES.length} services are up; the replay server stands in for ${SOURCES.map((source) => source.label).join(", ")} at ${system.replay.baseUrl}`,
);
// The demo procedure's later notices are published one at a time, each once the notice before
// it was alerted to the bidder's saved search.
const procedureStory = followDemoProcedure(DEMO_PROCEDURE_SEARCH.name, (step) => {
  if (system.replay.publishNext(DEMO_PROCEDURE.source)) {
    out.say(
      `the demo procedure: Find a Tender now also serves ${step.externalId} (${step.reason === "changed" ? "its change notice" : "its contract award notice"})`,
    );
  }
});
story = procedureStory;
let feedUrl: string | undefined;
try {
  const saved = await createDemoSavedSearch(system.gatewayUrl, apiKey.key, receiver, DEMO_EMAIL);
  feedUrl = `${system.gatewayUrl}${saved.feed_url}`;
  out.say(
    `saved search "${DEMO_SAVED_SEARCH.name}" (query "${DEMO_SAVED_SEARCH.query}", Italian notices) with a webhook to the demo's receiver at ${receiver.url}, and an instant email digest to ${DEMO_EMAIL.to} (a mailbox on ${mailbox.url}): its alerts and mails are printed below as they arrive`,
  );
} catch (error) {
  out.warn(
    `the demo's saved search could not be made, so no alerts will arrive: ${(error as Error).message}`,
  );
}
try {
  await createDemoSavedSearch(system.gatewayUrl, apiKey.key, receiver, undefined, DEMO_PROCEDURE_SEARCH);
  out.say(
    `saved search "${DEMO_PROCEDURE_SEARCH.name}" (query "${DEMO_PROCEDURE_SEARCH.query}", UK notices) with a webhook to the same receiver: it matches the call for competition ${DEMO_PROCEDURE.call.externalId}, then follows its procedure`,
  );
} catch (error) {
  out.warn(`the demo's procedure search could not be made: ${(error as Error).message}`);
}
system.replay.setAvailable(true);
out.say("waiting until the demo data is ingested, downloaded and indexed…");
try {
  await waitUntilSettled(db, {
    sources: SOURCES.map((source) => source.code),
    // A pass that ended before the replay served data (it stays empty until the saved search
    // exists) must not count as the demo data being in.
    servedSince: (code) => system.replay.firstServedAt(code),
    signal: stopWaiting.signal,
    onProgress: (line) => out.say(line),
  });
  const tender = await findDemoTender(db);
  // The demo fails when the follow-ups do not come: they are what it shows of procedures.
  let followUps: Awaited<ReturnType<DemoProcedureStory["finished"]>>;
  try {
    followUps = await procedureStory.finished(FOLLOW_UPS_TIMEOUT_MS, stopWaiting.signal);
  } catch (error) {
    if (stopping) throw error;
    throw new Error(
      `the follow-ups of procedure ${DEMO_PROCEDURE.ocid} did not arrive: ${(error as Error).message}`,
    );
  }
  out.say(
    `check: saved search "${DEMO_PROCEDURE_SEARCH.name}" was alerted ${followUps.map((a) => `${a.externalId} ${a.reason}`).join(", then ")}`,
  );
  const procedureId = followUps.find((a) => a.procedureId !== null)?.procedureId ?? undefined;
  let procedure: { notices: string; timelineUrl: string } | undefined;
  try {
    const check = await checkDemoSearch(system.gatewayUrl, apiKey.key, DEMO_SEARCH_QUERY);
    const fromPdf = check.attachments.filter((name) => name?.endsWith(".pdf")).length;
    out.say(
      `check: Search returned ${check.fragments} fragment(s), ${fromPdf} of them from inside a downloaded PDF`,
    );
    const notices = await checkDemoSearch(system.gatewayUrl, apiKey.key, DEMO_NOTICES_QUERY, 4);
    const from = (source: string) => notices.sources.filter((s) => s === source).length;
    out.say(
      `check: Search over the recorded notices returned ${notices.fragments} fragment(s): ${SOURCES.map((source) => `${from(source.code)} from ${source.label}`).join(", ")}`,
    );
    const filtered = await checkDemoSearch(
      system.gatewayUrl,
      apiKey.key,
      DEMO_NOTICES_QUERY,
      4,
      DEMO_FILTERS,
    );
    out.say(`check: filtered Search (countries DE, CPV 72) returned ${filtered.fragments} fragment(s)`);
    const browsed = await checkDemoBrowse(system.gatewayUrl, apiKey.key, DEMO_BROWSE_QUERY);
    out.say(`check: browsing (country FR, CPV 72) returned ${browsed} tender(s)`);
    if (procedureId !== undefined) {
      const read = await checkDemoProcedure(system.gatewayUrl, apiKey.key, procedureId);
      out.say(`check: the procedure lists ${describeProcedureNotices(read.notices)}`);
      procedure = {
        notices: read.notices.map((n) => n.external_id).join(", "),
        timelineUrl: `${system.gatewayUrl}/app/tenders/${read.currentId}`,
      };
    }
  } catch (error) {
    out.warn(`check: the demo's own Search request failed: ${(error as Error).message}`);
  }
  process.stdout.write(
    readyMessage({
      gatewayUrl: system.gatewayUrl,
      apiKey: apiKey.key,
      curl: demoCurlCommands(system.gatewayUrl, apiKey.key, tender?.id, procedureId),
      tender,
      ...(procedure ? { procedure } : {}),
      databaseUrl,
      busPrefix: config.DEMO_BUS_PREFIX,
      alerts: { received: receiver.received.length, feedUrl },
    }),
  );
} catch (error) {
  if (!stopping) {
    out.warn(`the demo failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}
