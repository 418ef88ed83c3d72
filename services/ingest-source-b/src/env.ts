import { IngestServiceEnv } from "@tender/ingest";
import { contractsFinderSource } from "@tender/source-contracts-finder";
import * as v from "valibot";

/** The ingest-source-b process: the ingest worker's settings and the Contracts Finder source's. */
export const Env = v.intersect([IngestServiceEnv, contractsFinderSource.env]);
export type Env = v.InferOutput<typeof Env>;
