import { sql } from "kysely";

/**
 * Whether the notice `t` is a framework agreement or a dynamic purchasing system (whose award
 * values are ceilings, not spend), as far as its stored payload says: the OCDS release's
 * `tender.techniques` (Contracts Finder, Find a Tender). Null where the payload does not say
 * (TED's search result names neither).
 */
export const FRAMEWORK_SQL = sql<boolean | null>`CASE
    WHEN jsonb_typeof(t.raw_payload #> '{tender,techniques}') = 'object' THEN
      coalesce(t.raw_payload #>> '{tender,techniques,hasFrameworkAgreement}' = 'true', false)
      OR coalesce(t.raw_payload #>> '{tender,techniques,hasDynamicPurchasingSystem}' = 'true', false)
    ELSE NULL END`;
