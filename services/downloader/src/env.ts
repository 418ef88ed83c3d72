import { EventWorkerEnv, envBool, envInt, envString } from "@tender/config";
import { isHostEntry, parseHostList } from "@tender/egress";
import { StorageEnv } from "@tender/storage";
import * as v from "valibot";

/** A comma-separated list of hosts (`*`, names or IP addresses, `host:port` to pin a port); blanks are ignored. */
const HostList = v.pipe(
  envString({ optional: true }),
  v.transform((raw) => parseHostList(raw ?? "")),
  v.check(
    (entries) => entries.every(isHostEntry),
    "expected a comma-separated list of host names, IP addresses or *, each with an optional :port",
  ),
);

/** The downloader's configuration (names and defaults as in the deployment documentation). */
export const Env = v.intersect([
  EventWorkerEnv,
  StorageEnv,
  v.object({
    HEALTH_PORT: envInt({ min: 0, max: 65535, default: 9090 }),
    BUS_PREFIX: envString({ optional: true }),
    MAX_ATTACHMENT_BYTES: envInt({ min: 1, max: 2 ** 40, default: 52_428_800 }),
    DOWNLOAD_ALLOWED_HOSTS: HostList,
    DOWNLOAD_ALLOW_PRIVATE_ADDRESSES: envBool({ default: false }),
    DOWNLOAD_CONCURRENCY: envInt({ min: 1, max: 64, default: 4 }),
    DOWNLOAD_TIMEOUT_MS: envInt({ min: 100, max: 3_600_000, default: 60_000 }),
    DOWNLOAD_LEASE_MS: envInt({ min: 1000, max: 86_400_000, optional: true }),
  }),
]);
export type Env = v.InferOutput<typeof Env>;
