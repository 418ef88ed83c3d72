import { type ProcedureNoticeList, ProcedureNoticeQuery, type ProcedureResponse } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import { findProcedure, listProcedureNoticePage, resolveProcedureId } from "@tender/db";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { cursorSecretCache } from "../browse/cursor-secret-cache.js";
import { type CursorScope, decodeCursor, encodeCursor } from "../browse/tender-cursor.js";
import { labelLanguage } from "../cpv/label-language.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { compress } from "../middleware/compress/compress.js";
import { concurrentPerKey } from "../middleware/concurrency/concurrent-per-key.js";
import { rateLimit } from "../middleware/rate-limit/rate-limit.js";
import { parseSingleValuedQuery } from "../query/parse-single-valued-query.js";
import { invalidQuery } from "../query/single-parameters.js";
import { validIdParam } from "../query/valid-id-param.js";
import { cardJsonPieces, jsonPiecesStream } from "./card-json-pieces.js";

const tooManyProcedures = (limit: number) =>
  `This API key is already receiving ${limit} procedures at once; retry when one has arrived.`;

const validId = validIdParam("procedure");

/** `limit` and `cursor`, each at most once; anything else is a problem named after its parameter. */
function noticeQuery(url: string): ProcedureNoticeQuery {
  // Far above any valid query (two parameters).
  return parseSingleValuedQuery(new URL(url).searchParams, ProcedureNoticeQuery, { maxParameters: 20 });
}

/**
 * `GET /procedures/{id}` and `GET /procedures/{id}/notices` (mounted under `/api/v1`,
 * docs/api.md#procedures): key → id (and query) validation → rate limit (the allowance of Search
 * and Ask) → at most CARD_CONCURRENCY_PER_KEY procedure answers at once per key → the procedure's
 * current notice, its first and latest notices with what each change changed (document lists
 * cut), and its awards; or a keyset page of its notices under a signed cursor bound to the
 * procedure. A malformed uuid is `validation_error`, an unknown one `not_found`.
 */
export function procedureRoute(deps: Pick<Deps, "db" | "readDb" | "config">): Hono<AppEnv> {
  const limit = deps.config.cardConcurrencyPerKey;
  // One bound for both routes: a key reading the notices page by page uses the same places.
  const atOnce = concurrentPerKey(limit, tooManyProcedures(limit));
  const cursorSecret = cursorSecretCache(deps.db);
  const scopeOf = (procedureId: string): CursorScope => ({ sort: "procedure-notices", filters: procedureId });
  return new Hono<AppEnv>()
    .get(
      "/procedures/:id",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      validId,
      labelLanguage(),
      rateLimit(deps),
      atOnce,
      compress(),
      async (c) => {
        const found = await findProcedure(readDbOf(deps), c.req.param("id").toLowerCase());
        if (!found) throw new ApiError("not_found", "No procedure has this id.");
        const { gapAfter, awards, current: row, ...procedure } = found;
        const cursor =
          gapAfter === null ? null : encodeCursor(await cursorSecret(), scopeOf(found.id), gapAfter);
        const current = withCpvLabels(row, c.get("labelLanguage").cpv);
        const answer = { ...procedure, current, notices_cursor: cursor, awards } satisfies ProcedureResponse;
        return c.body(jsonPiecesStream(cardJsonPieces(answer)), 200, { "content-type": "application/json" });
      },
    )
    .get(
      "/procedures/:id/notices",
      apiKeyAuth(deps, { countedByRateLimit: true }),
      validId,
      async (c, next) => {
        noticeQuery(c.req.url); // refused before the rate limit counts it
        await next();
      },
      rateLimit(deps),
      atOnce,
      async (c) => {
        const db = readDbOf(deps);
        const id = await resolveProcedureId(db, c.req.param("id").toLowerCase());
        if (id === undefined) throw new ApiError("not_found", "No procedure has this id.");
        const query = noticeQuery(c.req.url);
        const secret = await cursorSecret();
        const after =
          query.cursor === undefined ? undefined : decodeCursor(secret, scopeOf(id), query.cursor);
        if (after === null || (after !== undefined && after.key === null))
          throw invalidQuery([
            { path: "/cursor", message: "Is not a cursor this server issued for this procedure" },
          ]);
        const rows = await listProcedureNoticePage(db, id, {
          ...(after ? { after: { key: after.key as string, id: after.id } } : {}),
          limit: query.limit + 1,
        });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        const next =
          rows.length > query.limit && last ? encodeCursor(secret, scopeOf(id), last.position) : null;
        return c.json({
          items: page.map(({ position: _p, ...notice }) => notice),
          next_cursor: next,
        } satisfies ProcedureNoticeList);
      },
    );
}
