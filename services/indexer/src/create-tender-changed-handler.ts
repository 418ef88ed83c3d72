import type { ConsumerHandler } from "@tender/bus";
import type { TenderChangedV1 } from "@tender/contracts";
import { describeIndexError } from "./describe-index-error.js";
import { indexTender } from "./index-tender.js";
import type { IndexerDeps } from "./indexer-deps.js";

/** The `indexer` consumer's handler: indexes the event's tender and logs the outcome (never the text). */
export function createTenderChangedHandler(deps: IndexerDeps): ConsumerHandler<TenderChangedV1> {
  return async (event, ctx) => {
    const fields = { tender_id: event.tender_id, event_id: event.event_id, delivery: ctx.deliveryCount };
    const started = performance.now();
    try {
      const outcome = await indexTender(
        deps,
        { tenderId: event.tender_id, contentHash: event.content_hash },
        ctx.signal,
      );
      deps.recordOutcome?.(outcome);
      const level = outcome === "indexed" || outcome === "rebuilt" ? "info" : "debug";
      deps.logger[level](
        { ...fields, outcome, duration_ms: Math.round(performance.now() - started) },
        "Tender change handled",
      );
    } catch (error) {
      deps.recordOutcome?.("failed");
      deps.logger.warn({ ...fields, err: describeIndexError(error) }, "Indexing failed");
      throw error;
    }
  };
}
