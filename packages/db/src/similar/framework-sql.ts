import { sql } from "kysely";

/**
 * Whether the notice `t` is a framework agreement or a dynamic purchasing system (whose award
 * values are ceilings, not spend): as its stored payload says, the OCDS release's
 * `tender.techniques` (Contracts Finder, Find a Tender); else as its awards say (TED: each lot's
 * eForms BT-765 and BT-766), true when any lot is one, false when every lot that says is
 * neither. Null where neither says.
 */
export const FRAMEWORK_SQL = sql<boolean | null>`coalesce(CASE
    WHEN jsonb_typeof(t.raw_payload #> '{tender,techniques}') = 'object' THEN
      coalesce(t.raw_payload #>> '{tender,techniques,hasFrameworkAgreement}' = 'true', false)
      OR coalesce(t.raw_payload #>> '{tender,techniques,hasDynamicPurchasingSystem}' = 'true', false)
    ELSE NULL END,
    (SELECT bool_or(a.framework) FROM awards AS a WHERE a.tender_id = t.id))`;
