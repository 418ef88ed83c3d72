import { backoffDelayMs } from "@tender/backoff";
import type { DeliverySettings } from "./subject-catalog.js";

/**
 * The longest time a message can still be on its way to a consumer after it was published: every
 * delivery's ack wait plus every pause before a redelivery. A sweeper that re-announces work
 * whose message may still be delivered must wait at least this long, or it doubles the work.
 */
export function redeliveryWindowMs(delivery: DeliverySettings): number {
  let total = delivery.ackWaitMs * delivery.maxDeliver;
  for (let failures = 1; failures < delivery.maxDeliver; failures += 1) {
    total += backoffDelayMs(failures, delivery.backoff);
  }
  return total;
}
