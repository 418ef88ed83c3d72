import { defineSource, ocdsReleaseAwards, ocdsReleaseProcedure } from "@tender/ingest";
import { CF_DOCUMENT_HOSTS } from "./cf-document-hosts.js";
import { CF_FIXTURES, cfFixturePath } from "./cf-fixtures.js";
import { cfReleaseFacets } from "./cf-release-facets.js";
import { CF_SOURCE_CODE } from "./cf-source-code.js";
import { CfSourceEnv } from "./cf-source-env.js";
import { createCfSource } from "./create-cf-source.js";

/** The UK's Contracts Finder (its OCDS Search API), run by `ingest-source-b`. */
export const contractsFinderSource = defineSource({
  code: CF_SOURCE_CODE,
  label: "Contracts Finder (UK)",
  service: "ingest-source-b",
  baseUrlSetting: "CF_BASE_URL",
  documentHosts: CF_DOCUMENT_HOSTS,
  env: CfSourceEnv,
  createAdapter: createCfSource,
  facets: cfReleaseFacets,
  procedure: ocdsReleaseProcedure,
  awards: ocdsReleaseAwards,
  // Real captures; the last one is quarantined by the ingest on purpose.
  recordedOcdsPages: {
    path: "/Published/Notices/OCDS/Search",
    files: [
      cfFixturePath(CF_FIXTURES.searchTenderLimit2Page),
      cfFixturePath(CF_FIXTURES.searchTenderPage),
      cfFixturePath(CF_FIXTURES.documentsTrimmedRelease),
    ],
  },
});
