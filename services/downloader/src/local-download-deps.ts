import type { Database } from "@tender/db";
import { systemResolveHost } from "@tender/egress";
import type { BlobStorage } from "@tender/storage";
import type { Kysely } from "kysely";
import { type DownloadPolicy, downloadPolicy } from "./download-policy.js";
import type { ProcessAttachmentDeps } from "./process-attachment.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Test helper: one downloader (its own policy, silent logs) fetching from a local document
 * server on `port`, without retries, writing to the shared database and storage as a second
 * process would.
 */
export function localDownloadDeps(
  db: Kysely<Database>,
  storage: BlobStorage,
  port: number,
  subject: string,
  over: Partial<DownloadPolicy> = {},
): ProcessAttachmentDeps {
  const policy = downloadPolicy(
    {
      maxBytes: 1_000_000,
      timeoutMs: 20_000,
      extraAllowedHosts: [`127.0.0.1:${port}`],
      allowPrivateAddresses: true,
      resolveHost: systemResolveHost,
    },
    { retries: 0, ...over },
  );
  return { db, storage, policy, logger: silent, subject };
}
