// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { IngestServiceEnv } from "@tender/ingest";
import { contractsFinderSource } from "@tender/source-contracts-finder";
import * as v from "valibot";

/** The ingest-source-b process: the ingest worker's settings and those of Contracts Finder (UK). */
export const Env = v.intersect([IngestServiceEnv, contractsFinderSource.env]);
export type Env = v.InferOutput<typeof Env>;
