// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.
import { IngestServiceEnv } from "@tender/ingest";
import { tedSource } from "@tender/source-ted";
import * as v from "valibot";

/** The ingest-source-a process: the ingest worker's settings and those of TED (EU). */
export const Env = v.intersect([IngestServiceEnv, tedSource.env]);
export type Env = v.InferOutput<typeof Env>;
