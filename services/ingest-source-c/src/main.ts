// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { findATenderSource } from "@tender/source-find-a-tender";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: findATenderSource.service,
  config,
  createAdapter: (logger) => findATenderSource.createAdapter(config, logger),
});
