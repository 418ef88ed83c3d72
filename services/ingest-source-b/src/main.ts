// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { contractsFinderSource } from "@tender/source-contracts-finder";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: contractsFinderSource.service,
  config,
  createAdapter: (logger) => contractsFinderSource.createAdapter(config, logger),
});
