import { toValidationIssues, Uuid } from "@tender/contracts";
import { withCpvLabels } from "@tender/cpv";
import { findTenderCard } from "@tender/db";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { labelLanguage } from "../cpv/label-language.js";
import { type Deps, readDbOf } from "../deps.js";
import { ApiError } from "../errors/api-error.js";
import { apiKeyAuth } from "../middleware/auth/api-key-auth.js";
import { compress } from "../middleware/compress/compress.js";
import { concurrentPerKey } from "../middleware/concurrency/concurrent-per-key.js";
import { cardJsonPieces, jsonPiecesStream } from "./card-json-pieces.js";

const tooManyCards = (limit: number) =>
  `This API key is already receiving ${limit} tender cards at once; retry when one has arrived. ` +
  "This bound on simultaneous cards is not the per-minute allowance, which cards do not use.";

/**
 * `GET /tenders/{id}` (mounted under `/api/v1`): the tender card. Needs a key. Not counted in the
 * allowance, but bounded: at most CARD_CONCURRENCY_PER_KEY cards are sent to one key at once. A
 * malformed uuid is `validation_error`, an unknown one `not_found`. The card is streamed in
 * pieces (`cardJsonPieces`); its CPV labels are in the language `labelLanguage` chose.
 */
export function tenderRoute(deps: Pick<Deps, "db" | "readDb" | "config">): Hono<AppEnv> {
  const limit = deps.config.cardConcurrencyPerKey;
  const atOnce = concurrentPerKey(limit, tooManyCards(limit));
  // Compressed inside the bound, so a place is held until the compressed bytes are sent.
  return new Hono<AppEnv>().get(
    "/tenders/:id",
    apiKeyAuth(deps),
    labelLanguage(),
    atOnce,
    compress(),
    async (c) => {
      const parsed = v.safeParse(Uuid, c.req.param("id"));
      if (!parsed.success) {
        const details = toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: "/id" }));
        throw new ApiError("validation_error", "The tender id must be a UUID.", { details });
      }
      const card = await findTenderCard(readDbOf(deps), parsed.output);
      if (!card) throw new ApiError("not_found", "No tender has this id.");
      // The card labels every code (it is streamed); lists label the first LISTED_CPV_LABELS.
      const labelled = withCpvLabels(card, c.get("labelLanguage").cpv, card.cpv_codes.length);
      return c.body(jsonPiecesStream(cardJsonPieces(labelled)), 200, { "content-type": "application/json" });
    },
  );
}
