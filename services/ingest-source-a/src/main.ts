import { loadConfig } from "@tender/config";
import { runIngestService } from "@tender/ingest";
import { createTedSource } from "@tender/source-ted";
import { Env } from "./env.js";

const config = loadConfig(Env, process.env);
await runIngestService({
  name: "ingest-source-a",
  config,
  createAdapter: (logger) => createTedSource(config, logger),
});
