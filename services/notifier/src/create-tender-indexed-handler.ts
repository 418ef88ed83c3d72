import type { AiProvider } from "@tender/ai";
import type { BusLogger, ConsumerHandler } from "@tender/bus";
import type { TenderIndexedV1 } from "@tender/contracts";
import { type Db, recordTenderMatches } from "@tender/db";
import { reembedSavedSearches } from "./reembed-saved-searches.js";

/** What matching an indexed tender needs. */
export interface MatchDeps {
  db: Db;
  ai: Pick<AiProvider, "embed" | "embedModel">;
  logger: BusLogger;
  /** Hears the matches and deliveries each event recorded (`tender_saved_search_matches_total`). */
  recordMatches?: (counts: { matches: number; followUps: number; deliveries: number }) => void;
  /** Told when new deliveries were recorded, so they go out without waiting for the next poll. */
  onDeliveries?: () => void;
  /** The clock of `open: true` filters; default now. */
  now?: () => Date;
}

/**
 * The `notifier` consumer's handler: re-embeds saved queries of another model, then records in
 * one statement every saved search the tender matches, every follow-up it is of a procedure a
 * saved search matched before (docs/events.md#follow-ups), and their webhook deliveries. A
 * replayed or duplicated event records nothing new (one match per saved search, tender and
 * content hash; one follow-up per saved search and tender). An event of another embedding model than the notifier's fails (and is retried): its
 * chunks cannot be compared with the saved queries until both run the same model.
 */
export function createTenderIndexedHandler(deps: MatchDeps): ConsumerHandler<TenderIndexedV1> {
  return async (event, ctx) => {
    const fields = { tender_id: event.tender_id, event_id: event.event_id, delivery: ctx.deliveryCount };
    if (event.embedding_model !== deps.ai.embedModel) {
      throw new Error(
        `the tender was indexed with model ${event.embedding_model}, the notifier runs ${deps.ai.embedModel}`,
      );
    }
    const reembedded = await reembedSavedSearches(deps, ctx.signal);
    if (reembedded > 0) {
      deps.logger.info({ ...fields, reembedded, model: deps.ai.embedModel }, "Saved queries re-embedded");
    }
    const counts = await recordTenderMatches(deps.db, {
      tenderId: event.tender_id,
      contentHash: event.content_hash,
      now: deps.now?.() ?? new Date(),
    });
    deps.recordMatches?.(counts);
    if (counts.deliveries > 0) deps.onDeliveries?.();
    deps.logger[counts.matches > 0 ? "info" : "debug"]({ ...fields, ...counts }, "Indexed tender matched");
  };
}
