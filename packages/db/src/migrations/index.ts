import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-initial.js";
import * as m0002 from "./0002-indexing.js";
import * as m0003 from "./0003-download-backoff.js";
import * as m0004 from "./0004-download-sweep.js";
import * as m0005 from "./0005-sync-window.js";
import * as m0006 from "./0006-tender-facets.js";
import * as m0007 from "./0007-attachment-url-key.js";
import * as m0008 from "./0008-source-adapter-state.js";
import * as m0009 from "./0009-cursor-secret.js";
import * as m0010 from "./0010-extraction-cache.js";
import * as m0011 from "./0011-download-claim.js";
import * as m0012 from "./0012-outbox-retention.js";
import * as m0013 from "./0013-saved-searches.js";
import * as m0014 from "./0014-webhook-deliveries.js";
import * as m0015 from "./0015-undelivered-webhooks.js";
import * as m0016 from "./0016-feed-token-sealed.js";
import * as m0017 from "./0017-compact-embedding.js";
import * as m0018 from "./0018-outbox-traceparent.js";
import * as m0019 from "./0019-browse-sort-indexes.js";
import * as m0020 from "./0020-tender-facet-groups.js";
import * as m0021 from "./0021-saved-search-match-keys.js";
import * as m0022 from "./0022-procedures.js";
import * as m0023 from "./0023-email-digests.js";
import * as m0024 from "./0024-ocds-release-ids.js";
import * as m0025 from "./0025-follow-up-alerts.js";
import * as m0026 from "./0026-awards-organisations.js";
import * as m0027 from "./0027-organisation-search.js";
import * as m0028 from "./0028-cross-portal-procedures.js";
import * as m0029 from "./0029-contract-end.js";
import * as m0030 from "./0030-award-cover.js";
import * as m0031 from "./0031-procedure-owners.js";
import * as m0033 from "./0033-rate-keys-and-provenance.js";
import * as m0038 from "./0038-hybrid-search.js";
import * as m0039 from "./0039-cpv-labels.js";
import * as m0040 from "./0040-award-framework.js";
import * as m0041 from "./0041-similar-text-index.js";
import * as m0042 from "./0042-hybrid-match-readings.js";

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-indexing": m0002,
  "0003-download-backoff": m0003,
  "0004-download-sweep": m0004,
  "0005-sync-window": m0005,
  "0006-tender-facets": m0006,
  "0007-attachment-url-key": m0007,
  "0008-source-adapter-state": m0008,
  "0009-cursor-secret": m0009,
  "0010-extraction-cache": m0010,
  "0011-download-claim": m0011,
  "0012-outbox-retention": m0012,
  "0013-saved-searches": m0013,
  "0014-webhook-deliveries": m0014,
  "0015-undelivered-webhooks": m0015,
  "0016-feed-token-sealed": m0016,
  "0017-compact-embedding": m0017,
  "0018-outbox-traceparent": m0018,
  "0019-browse-sort-indexes": m0019,
  "0020-tender-facet-groups": m0020,
  "0021-saved-search-match-keys": m0021,
  "0022-procedures": m0022,
  "0023-email-digests": m0023,
  "0024-ocds-release-ids": m0024,
  "0025-follow-up-alerts": m0025,
  "0026-awards-organisations": m0026,
  "0027-organisation-search": m0027,
  "0028-cross-portal-procedures": m0028,
  "0029-contract-end": m0029,
  "0030-award-cover": m0030,
  "0031-procedure-owners": m0031,
  "0033-rate-keys-and-provenance": m0033,
  "0038-hybrid-search": m0038,
  "0039-cpv-labels": m0039,
  "0040-award-framework": m0040,
  "0041-similar-text-index": m0041,
  "0042-hybrid-match-readings": m0042,
};
