import { IngestServiceEnv } from "@tender/ingest";
import { tedSource } from "@tender/source-ted";
import * as v from "valibot";

/** The ingest-source-a process: the ingest worker's settings and the TED source's. */
export const Env = v.intersect([IngestServiceEnv, tedSource.env]);
export type Env = v.InferOutput<typeof Env>;
