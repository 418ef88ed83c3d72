import type { CompetitorsResponse } from "@tender/contracts";
import { listCompetitors } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { validIdParam } from "../query/valid-id-param.js";

/**
 * `GET /organisations/{id}/competitors` (mounted under `/api/v1`, docs/api.md#similar-contracts):
 * key → id validation → rate limit (the allowance of Search and Ask) → the suppliers that most
 * often won contracts in this supplier's CPV classes. Unknown organisation 404.
 */
export function competitorsRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  return new Hono<AppEnv>().get(
    "/organisations/:id/competitors",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    validIdParam("organisation"),
    rateLimit(deps),
    async (c) => {
      const db = readDbOf(deps);
      const id = c.req.param("id").toLowerCase();
      const known = await db.selectFrom("organisations").select("id").where("id", "=", id).executeTakeFirst();
      if (!known) throw new ApiError("not_found", "No organisation has this id.");
      return c.json((await listCompetitors(db, id)) satisfies CompetitorsResponse);
    },
  );
}
