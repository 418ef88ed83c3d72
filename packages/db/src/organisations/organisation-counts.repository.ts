import { sql } from "kysely";
import type { Db } from "../database.js";

/** Organisations in all, and in each role (one may be both). */
export interface OrganisationCounts {
  total: number;
  buyers: number;
  suppliers: number;
}

/** How many organisations there are, as buyers and as suppliers (`tender status`): one pass over organisations, none over awards. */
export async function countOrganisations(db: Db): Promise<OrganisationCounts> {
  const { rows } = await sql<OrganisationCounts>`
    SELECT count(*)::int AS total, (count(*) FILTER (WHERE is_buyer))::int AS buyers,
           (count(*) FILTER (WHERE is_supplier))::int AS suppliers
    FROM organisations`.execute(db);
  return rows[0] ?? { total: 0, buyers: 0, suppliers: 0 };
}
