import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { createCfSource } from "@tender/source-contracts-finder";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: "ingest-source-b",
  config,
  createAdapter: (logger) => createCfSource(config, logger),
});
