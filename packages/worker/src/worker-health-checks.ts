import type { Bus } from "@tender/bus";
import { type Database, pingDatabase } from "@tender/db";
import type { HealthCheck } from "@tender/observability";
import type { Kysely } from "kysely";

/**
 * The readiness checks of a worker process: the database answers a query, and the NATS
 * connection is open and answers a flush.
 */
export function workerHealthChecks(db: Kysely<Database>, bus: Pick<Bus, "nc">): Record<string, HealthCheck> {
  return {
    database: () => pingDatabase(db),
    nats: async () => {
      if (bus.nc.isClosed()) return false;
      await bus.nc.flush();
      return true;
    },
  };
}
