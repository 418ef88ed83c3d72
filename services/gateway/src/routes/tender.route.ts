import { toValidationIssues, Uuid } from "@tender/contracts";
import { findTenderCard } from "@tender/db";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { cardJsonPieces, jsonPiecesStream } from "./card-json-pieces.js";

/**
 * `GET /tenders/{id}` (mounted under `/api/v1`): the tender card. Needs a key; not rate limited. A malformed uuid
 * is `validation_error`, an unknown one `not_found`. The card is streamed in pieces (`cardJsonPieces`).
 */
export function tenderRoute(deps: Pick<Deps, "db" | "readDb">): Hono<AppEnv> {
  return new Hono<AppEnv>().get("/tenders/:id", apiKeyAuth(deps), async (c) => {
    const parsed = v.safeParse(Uuid, c.req.param("id"));
    if (!parsed.success) {
      const details = toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: "/id" }));
      throw new ApiError("validation_error", "The tender id must be a UUID.", { details });
    }
    const card = await findTenderCard(readDbOf(deps), parsed.output);
    if (!card) throw new ApiError("not_found", "No tender has this id.");
    return c.body(jsonPiecesStream(cardJsonPieces(card)), 200, { "content-type": "application/json" });
  });
}
