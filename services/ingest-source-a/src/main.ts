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
