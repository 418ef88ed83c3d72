// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { IngestServiceEnv } from "@tender/ingest";
import { findATenderSource } from "@tender/source-find-a-tender";
import * as v from "valibot";

/** The ingest-source-c process: the ingest worker's settings and those of Find a Tender (UK). */
export const Env = v.intersect([IngestServiceEnv, findATenderSource.env]);
export type Env = v.InferOutput<typeof Env>;
