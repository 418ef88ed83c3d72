import { IngestServiceEnv } from "@tender/ingest";
import { findATenderSource } from "@tender/source-find-a-tender";
import * as v from "valibot";

/** The ingest-source-c process: the ingest worker's settings and the Find a Tender source's. */
export const Env = v.intersect([IngestServiceEnv, findATenderSource.env]);
export type Env = v.InferOutput<typeof Env>;
