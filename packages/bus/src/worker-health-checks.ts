import type { Database } from "@tender/db";
import type { HealthCheck } from "@tender/observability";
import { type Kysely, sql } from "kysely";
import type { Bus } from "./connect-bus.js";

/**
 * The readiness checks of a worker process: the database answers a query, and the NATS
 * connection is open and answers a flush.
 */
export function workerHealthChecks(db: Kysely<Database>, bus: Pick<Bus, "nc">): Record<string, HealthCheck> {
  return {
    database: async () => (await sql`SELECT 1`.execute(db)).rows.length === 1,
    nats: async () => {
      if (bus.nc.isClosed()) return false;
      await bus.nc.flush();
      return true;
    },
  };
}
