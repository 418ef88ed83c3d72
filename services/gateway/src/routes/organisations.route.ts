import type { OrganisationDetails, OrganisationListResponse, OrganisationSummary } from "@tender/contracts";
import { findOrganisationDetails, type OrganisationSearchRow, searchOrganisations } from "@tender/db";
import { organisationSearchTerms } from "@tender/organisations";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { cursorSecretCache } from "../browse/cursor-secret-cache.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import {
  decodeOrganisationCursor,
  encodeOrganisationCursor,
  organisationCursorScope,
} from "../organisations/organisation-cursor.js";
import { organisationQuery } from "../organisations/parse-organisation-query.js";
import { validIdParam } from "../query/valid-id-param.js";

const toSummary = (row: OrganisationSearchRow): OrganisationSummary => ({
  id: row.id,
  name: row.name,
  country: row.country,
  identifier: row.identifier === null ? null : { scheme: row.scheme, id: row.identifier },
  roles: [...(row.is_buyer ? (["buyer"] as const) : []), ...(row.is_supplier ? (["supplier"] as const) : [])],
});

/**
 * `GET /organisations` (search by name words and prefix, exact identifier, role, country; keyset
 * pages under a signed cursor) and `GET /organisations/{id}` (the organisation's page), mounted
 * under `/api/v1` (docs/api.md#organisations): key → validation → rate limit (the allowance of
 * Search and Ask) → the read. A malformed id is `validation_error`, an unknown one `not_found`.
 */
export function organisationsRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  const cursorSecret = cursorSecretCache(deps.db);
  return new Hono<AppEnv>()
    .get(
      "/organisations",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      organisationQuery(),
      rateLimit(deps),
      async (c) => {
        const query = c.get("organisationQuery");
        const scope = organisationCursorScope(query);
        const secret = await cursorSecret();
        const after =
          query.cursor === undefined ? undefined : decodeOrganisationCursor(secret, scope, query.cursor);
        if (after === null) {
          throw new ApiError("validation_error", "The query parameters are not valid; see details.", {
            details: [{ path: "/cursor", message: "Is not a cursor this server issued for this search" }],
          });
        }
        const rows = await searchOrganisations(readDbOf(deps), {
          ...(query.q === undefined ? {} : { terms: organisationSearchTerms(query.q) }),
          ...(query.role ? { role: query.role } : {}),
          ...(query.country ? { country: query.country } : {}),
          limit: query.limit + 1,
          ...(after ? { after } : {}),
        });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        const next =
          rows.length > query.limit && last ? encodeOrganisationCursor(secret, scope, last.position) : null;
        return c.json({ items: page.map(toSummary), next_cursor: next } satisfies OrganisationListResponse);
      },
    )
    .get(
      "/organisations/:id",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      validIdParam("organisation"),
      rateLimit(deps),
      async (c) => {
        const found = await findOrganisationDetails(readDbOf(deps), c.req.param("id").toLowerCase());
        if (!found) throw new ApiError("not_found", "No organisation has this id.");
        return c.json(found satisfies OrganisationDetails);
      },
    );
}
