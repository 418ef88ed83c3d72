import { describe, expect, it } from "vitest";
import { redeliveryWindowMs } from "./redelivery-window-ms.js";
import { DEFAULT_DELIVERY } from "./subject-catalog.js";

describe("redeliveryWindowMs", () => {
  it("adds every delivery's ack wait and every pause before a redelivery", () => {
    const delivery = { ackWaitMs: 1_000, maxDeliver: 4, backoff: { initialMs: 100, maxMs: 250 } };
    // 4 ack waits, then the pauses after failures 1, 2 and 3: 100, 200, 250.
    expect(redeliveryWindowMs(delivery)).toBe(4_000 + 550);
  });

  it("is 23.5 minutes for the default delivery: ten minutes of ack waits plus the pauses", () => {
    expect(redeliveryWindowMs(DEFAULT_DELIVERY)).toBe(1_410_000);
    expect(redeliveryWindowMs(DEFAULT_DELIVERY)).toBeGreaterThan(
      DEFAULT_DELIVERY.ackWaitMs * DEFAULT_DELIVERY.maxDeliver,
    );
  });
});
