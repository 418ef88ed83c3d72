import { type ProcedureResponse, toValidationIssues, Uuid } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import { findProcedure } from "@tender/db";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { labelLanguage } from "../cpv/label-language.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";

/**
 * `GET /procedures/{id}` (mounted under `/api/v1`, docs/api.md#procedures): key → id validation →
 * rate limit (the allowance of Search and Ask) → the procedure's current notice, its notices
 * oldest first with what each change changed, and its awards. A malformed uuid is
 * `validation_error`, an unknown one `not_found`.
 */
export function procedureRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  return new Hono<AppEnv>().get(
    "/procedures/:id",
    apiKeyAuth(deps, { countedByRateLimit: true }),
    async (c, next) => {
      const parsed = v.safeParse(Uuid, c.req.param("id"));
      if (parsed.success) return next();
      const details = toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: "/id" }));
      throw new ApiError("validation_error", "The procedure id must be a UUID.", { details });
    },
    labelLanguage(),
    rateLimit(deps),
    async (c) => {
      const procedure = await findProcedure(readDbOf(deps), c.req.param("id").toLowerCase());
      if (!procedure) throw new ApiError("not_found", "No procedure has this id.");
      const current = withCpvLabels(procedure.current, c.get("labelLanguage").cpv);
      return c.json({ ...procedure, current } satisfies ProcedureResponse);
    },
  );
}
