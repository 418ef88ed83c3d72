import { defineSource } from "@tender/ingest";
import { createTedSource } from "./create-ted-source.js";
import { TED_DOCUMENT_HOSTS } from "./ted-document-hosts.js";
import { tedNoticeFacets } from "./ted-notice-facets.js";
import { tedNoticeProcedure } from "./ted-notice-procedure.js";
import { TED_SOURCE_CODE } from "./ted-source-code.js";
import { TedSourceEnv } from "./ted-source-env.js";

/** The EU's Tenders Electronic Daily (TED Search API v3), run by `ingest-source-a`. */
export const tedSource = defineSource({
  code: TED_SOURCE_CODE,
  label: "TED (EU)",
  service: "ingest-source-a",
  baseUrlSetting: "TED_BASE_URL",
  deployedSettings: ["TED_BASE_URL", "TED_PAGE_SIZE"],
  documentHosts: TED_DOCUMENT_HOSTS,
  env: TedSourceEnv,
  createAdapter: createTedSource,
  facets: tedNoticeFacets,
  procedure: tedNoticeProcedure,
});
