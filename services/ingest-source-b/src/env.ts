import { IngestServiceEnv } from "@tender/ingest";
import { CfSourceEnv } from "@tender/source-contracts-finder";
import * as v from "valibot";

/** The ingest-source-b process: the ingest worker's settings and the Contracts Finder source's. */
export const Env = v.intersect([IngestServiceEnv, CfSourceEnv]);
export type Env = v.InferOutput<typeof Env>;
