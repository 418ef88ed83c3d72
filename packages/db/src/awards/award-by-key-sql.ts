import { type RawBuilder, sql } from "kysely";

/** An award counts when it was not declared unsuccessful (`not-awarded`) and is not still open. */
export const COUNTED = sql`(a.status IS NULL OR a.status = 'awarded')`;

/**
 * One counted award by its key, as a lateral subquery. `OFFSET 0` keeps it a subquery: joined
 * freely, the planner may hash-join a large organisation's awards against a scan of all awards.
 */
export const awardByKey = (key: RawBuilder<unknown>) =>
  sql`SELECT a.id, a.tender_id, a.lot, a.value, a.currency, a.decided_at, a.contract_end, a.buyer_organisation_id
      FROM awards AS a WHERE a.id = ${key} AND ${COUNTED} OFFSET 0`;
