import { envInt, envString, envUrl } from "@tender/config";
import { parseSourceDate } from "@tender/contracts";
import * as v from "valibot";
import { createSyncHttpClient } from "../http/create-sync-http-client.js";
import type { PoliteHttpClient } from "../http/polite-http-client.js";
import type { MapResult } from "../mapping/map-result.js";
import type { SourceDefinition, SourceEnvSchema } from "../source/source-definition.js";
import type { SourceAdapter } from "../sync/source-adapter.js";
import { type OcdsDateWindow, type OcdsFirstPageOptions, ocdsFirstPageUrl } from "./ocds-first-page-url.js";
import { createOcdsPackageAdapter } from "./ocds-package-adapter.js";
import type { OcdsPackageMeta, OcdsRelease } from "./ocds-release.js";
import { ocdsReleaseAwards } from "./ocds-release-awards.js";
import { ocdsReleaseFacets } from "./ocds-release-facets.js";
import { ocdsReleaseProcedure } from "./ocds-release-procedure.js";
import { ocdsReleaseToTenderRecord } from "./ocds-release-to-tender-record.js";

/** What differs between two APIs of OCDS release packages paged by `links.next`. */
export interface OcdsSourceOptions {
  readonly code: string;
  readonly label: string;
  readonly service: string;
  /** `CF` names the settings `CF_BASE_URL`, `CF_STAGES`, `CF_PAGE_SIZE`, `CF_<window.from>`... */
  readonly envPrefix: string;
  /** The API's default base URL (`<prefix>_BASE_URL`). */
  readonly baseUrl: string;
  /** The release packages endpoint, relative to the base URL, e.g. `api/1.0/ocdsReleasePackages`. */
  readonly path: string;
  /** The default of `<prefix>_STAGES`. */
  readonly stages: string;
  /** The date window's query parameters; `from` also names the start setting (`updatedFrom`: `<prefix>_UPDATED_FROM`). */
  readonly window: OcdsDateWindow;
  /**
   * Pages of at most `maxPageSize` (the default of `<prefix>_PAGE_SIZE`), one request at a time;
   * `requestsPerMinute` adds `<prefix>_REQUESTS_PER_MINUTE` with that default; `forbiddenCooldownMs`
   * is how long to wait after a 403 when the API sends one to slow clients down.
   */
  readonly paging: { maxPageSize: number; requestsPerMinute?: number; forbiddenCooldownMs?: number };
  /** The country of a release whose addresses name none (a portal of one country's notices). */
  readonly fallbackCountry: string | null;
  /** The release's public notice page, or null; with the quarantine reason when there is none. */
  readonly noticeUrl: (release: OcdsRelease) => string | null;
  readonly missingNoticeUrl: string;
  readonly documentHosts: readonly string[];
  /** Real recorded pages (absolute paths) the demo replays at `/<path>`, in this order. */
  readonly recordedPages?: readonly string[];
}

/** The settings of an OCDS source, by name (`CF_BASE_URL`...). */
export type OcdsSourceConfig = Readonly<Record<string, string | number | undefined>>;

/** What `adapter` needs: the client, the first-page options (`baseUrl`, `stages`, `pageSize`, the start) and a clock. */
export type OcdsAdapterOptions = OcdsFirstPageOptions & { http: PoliteHttpClient; now?: () => Date };

/** A source definition of an OCDS API, with its parts for tests and tools. */
export interface OcdsSource extends SourceDefinition<OcdsSourceConfig> {
  /** Setting names: `baseUrl`, `stages`, `from`, `pageSize`, `requestsPerMinute`. */
  readonly settings: Readonly<
    Record<"baseUrl" | "stages" | "from" | "pageSize" | "requestsPerMinute", string>
  >;
  /** Maps one release of a page, given the package around it (pure). */
  mapRelease(release: unknown, packageMeta?: OcdsPackageMeta): MapResult;
  firstPageUrl(options: OcdsFirstPageOptions, lastSyncAt: Date | null, now: Date): string;
  /** The adapter with a given client (tests); `createAdapter` builds the client from configuration. */
  adapter(options: OcdsAdapterOptions): SourceAdapter;
}

/** `updatedFrom` → `UPDATED_FROM`. */
const settingName = (param: string) => param.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();

/**
 * An API of OCDS release packages chained by `links.next` (`createOcdsPackageAdapter`), mapped
 * by the shared OCDS core, as one definition: its settings, polite client, first page, adapter,
 * mapping, facets, procedure and awards. What stays the portal's own is its options.
 */
export function defineOcdsSource(options: OcdsSourceOptions): OcdsSource {
  const prefix = options.envPrefix;
  const settings = {
    baseUrl: `${prefix}_BASE_URL`,
    stages: `${prefix}_STAGES`,
    from: `${prefix}_${settingName(options.window.from)}`,
    pageSize: `${prefix}_PAGE_SIZE`,
    requestsPerMinute: `${prefix}_REQUESTS_PER_MINUTE`,
  };
  const { maxPageSize, requestsPerMinute, forbiddenCooldownMs } = options.paging;
  const env = v.object({
    [settings.baseUrl]: envUrl({ protocols: ["http", "https"], default: options.baseUrl }),
    [settings.stages]: envString({ default: options.stages }),
    [settings.from]: v.pipe(
      envString({ optional: true }),
      v.check(
        (text) => text === undefined || parseSourceDate(text) !== null,
        "expected an ISO date or date-time, e.g. 2026-08-01 or 2026-08-01T00:00:00",
      ),
    ),
    [settings.pageSize]: envInt({ min: 1, max: maxPageSize, default: maxPageSize }),
    ...(requestsPerMinute === undefined
      ? {}
      : { [settings.requestsPerMinute]: envInt({ min: 1, max: 600, default: requestsPerMinute }) }),
  }) as unknown as SourceEnvSchema<OcdsSourceConfig>;
  const mapRelease = (release: unknown, packageMeta: OcdsPackageMeta = {}) =>
    ocdsReleaseToTenderRecord(release, packageMeta, {
      source: options.code,
      noticeUrl: options.noticeUrl,
      missingNoticeUrl: options.missingNoticeUrl,
      fallbackCountry: options.fallbackCountry,
    });
  const firstPageUrl = (first: OcdsFirstPageOptions, lastSyncAt: Date | null, now: Date) =>
    ocdsFirstPageUrl(options.path, options.window, first, lastSyncAt, now);
  const adapter = ({ http, now, ...first }: OcdsAdapterOptions) =>
    createOcdsPackageAdapter({
      code: options.code,
      http,
      firstPageUrl: (lastSyncAt, at) => firstPageUrl(first, lastSyncAt, at),
      mapRelease,
      ...(now ? { now } : {}),
    });
  return {
    code: options.code,
    label: options.label,
    service: options.service,
    baseUrlSetting: settings.baseUrl,
    deployedSettings: [settings.baseUrl, settings.stages, settings.pageSize].concat(
      requestsPerMinute === undefined ? [] : [settings.requestsPerMinute],
    ),
    documentHosts: options.documentHosts,
    env,
    settings,
    createAdapter(config, logger) {
      const baseUrl = String(config[settings.baseUrl]);
      const perMinute = Number(config[settings.requestsPerMinute] ?? 0);
      const http = createSyncHttpClient(baseUrl, config, {
        ...(forbiddenCooldownMs === undefined ? {} : { forbiddenCooldownMs }),
        concurrency: 1,
        ...(perMinute > 0 ? { minIntervalMs: Math.ceil(60_000 / perMinute) } : {}),
        logger,
      });
      const from = config[settings.from];
      return adapter({
        http,
        baseUrl,
        stages: String(config[settings.stages]),
        pageSize: Number(config[settings.pageSize]),
        ...(typeof from === "string" ? { [options.window.from]: from } : {}),
      });
    },
    facets: (release) => ocdsReleaseFacets(release, options.fallbackCountry),
    procedure: ocdsReleaseProcedure,
    awards: ocdsReleaseAwards,
    ...(options.recordedPages === undefined
      ? {}
      : { recordedOcdsPages: { path: `/${options.path}`, files: options.recordedPages } }),
    mapRelease,
    firstPageUrl,
    adapter,
  };
}
