import type * as v from "valibot";
import type { NoticeAwards } from "../awards/notice-awards.js";
import type { SyncHttpEnv } from "../ingest-env.js";
import type { TenderFacets } from "../mapping/facets/tender-facets.js";
import type { NoticeProcedure } from "../procedure/notice-procedure.js";
import type { IngestLogger } from "../sync/ingest-logger.js";
import type { SourceAdapter } from "../sync/source-adapter.js";

/** The settings a source reads besides the shared ones (`TED_BASE_URL`, `CF_STAGES`...): a `v.object`. */
export type SourceEnvSchema<Config extends object = Record<string, unknown>> = v.GenericSchema<
  unknown,
  Config
> & { readonly entries: v.ObjectEntries };

/**
 * Everything the rest of the system knows about one source, exported by its package and listed
 * by the registry (`@tender/sources`): the downloader, the CLI, the contracts' list of codes, the
 * web app's labels and the deployment files are derived from it or checked against it.
 */
export interface SourceDefinition<Config extends object = Record<string, unknown>> {
  /** `sources.code`, e.g. `ted`: the value of `source` in records, filters and the CLI. */
  readonly code: string;
  /** The name people know it by, e.g. "TED (EU)". */
  readonly label: string;
  /** The ingest service that runs it (`services/<service>`, the compose service, the k8s Deployment). */
  readonly service: string;
  /** The setting holding the API's base URL, which demos and tests point at a replay server. */
  readonly baseUrlSetting: string;
  /**
   * The settings its deployment files (`k8s/base/<service>.yaml`, generated) state with their
   * defaults, so an operator sees them. Absent: the base-URL setting alone.
   */
  readonly deployedSettings?: readonly string[];
  /** Hosts its documents are downloaded from by default (a name also allows its subdomains). */
  readonly documentHosts: readonly string[];
  /** The source's own settings. */
  readonly env: SourceEnvSchema<Config>;
  /** Its adapter with the polite HTTP client, from configuration (service and CLI alike). */
  createAdapter(config: Readonly<Config & SyncHttpEnv>, logger?: Pick<IngestLogger, "warn">): SourceAdapter;
  /** The facets (countries, CPV codes) of a stored `raw_payload`; pure, so `tender remap` can rerun it. */
  facets(payload: unknown): TenderFacets;
  /**
   * The procedure, kind and superseded notice of a stored `raw_payload` (docs/records.md#procedures);
   * pure, so `tender remap` can rerun it. Absent: each notice is a call for competition of its own.
   */
  readonly procedure?: (payload: unknown) => NoticeProcedure | null;
  /**
   * The awards and buyer of a stored `raw_payload` (docs/records.md#awards-and-organisations);
   * pure, so `tender remap` can rerun it. Absent: the payload alone does not carry them (TED's
   * come from the notice's eForms XML, fetched during the sync), and remap keeps what is stored.
   */
  readonly awards?: (payload: unknown) => NoticeAwards;
  /**
   * Real recorded pages of an API of OCDS release packages chained by `links.next`, which the
   * demo's replay server serves under `path` (GET, in the order of `files`, absolute paths).
   * Absent: the demo serves the source some other way (TED) or not at all.
   */
  readonly recordedOcdsPages?: { readonly path: string; readonly files: readonly string[] };
}

/** Declares a source definition, keeping its settings' type for `createAdapter`. */
export function defineSource<Config extends object>(
  definition: SourceDefinition<Config> & { baseUrlSetting: keyof Config & string },
): SourceDefinition<Config> {
  return definition;
}
