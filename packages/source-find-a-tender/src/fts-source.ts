import { defineSource, ocdsReleaseAwards, ocdsReleaseProcedure } from "@tender/ingest";
import { createFtsSource } from "./create-fts-source.js";
import { FTS_DOCUMENT_HOSTS } from "./fts-document-hosts.js";
import { FTS_FIXTURES, ftsFixturePath } from "./fts-fixtures.js";
import { ftsReleaseFacets } from "./fts-release-facets.js";
import { FTS_SOURCE_CODE } from "./fts-source-code.js";
import { FtsSourceEnv } from "./fts-source-env.js";

/** The UK's Find a Tender (its OCDS release packages API), run by `ingest-source-c`. */
export const findATenderSource = defineSource({
  code: FTS_SOURCE_CODE,
  label: "Find a Tender (UK)",
  service: "ingest-source-c",
  baseUrlSetting: "FTS_BASE_URL",
  documentHosts: FTS_DOCUMENT_HOSTS,
  env: FtsSourceEnv,
  createAdapter: createFtsSource,
  facets: ftsReleaseFacets,
  procedure: ocdsReleaseProcedure,
  awards: ocdsReleaseAwards,
  // Real captures: a tender page, then a page of later notices.
  recordedOcdsPages: {
    path: "/api/1.0/ocdsReleasePackages",
    files: [ftsFixturePath(FTS_FIXTURES.tenderPage), ftsFixturePath(FTS_FIXTURES.lifecyclePage)],
  },
});
