// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { tedSource } from "@tender/source-ted";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: tedSource.service,
  config,
  createAdapter: (logger) => tedSource.createAdapter(config, logger),
});
