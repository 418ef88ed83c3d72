import { describe, expect, it } from "vitest";
import { rateLimitHeaders } from "./rate-limit-headers.js";

const window = 1_780_000_020 - 20; // a whole minute

describe("rateLimitHeaders", () => {
  it("gives limit, remaining and the start of the next minute on success, no Retry-After", () => {
    expect(
      rateLimitHeaders({
        allowed: true,
        requestCount: 2,
        limitPerMinute: 5,
        windowStart: window,
        now: window + 12.3,
      }),
    ).toEqual({
      "X-RateLimit-Limit": "5",
      "X-RateLimit-Remaining": "3",
      "X-RateLimit-Reset": String(window + 60),
    });
  });

  it("adds Retry-After = max(1, ceil(reset - now)) on refusal, remaining 0", () => {
    const refused = (now: number) =>
      rateLimitHeaders({ allowed: false, requestCount: 6, limitPerMinute: 5, windowStart: window, now });
    expect(refused(window + 12.3)).toEqual({
      "X-RateLimit-Limit": "5",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": String(window + 60),
      "Retry-After": "48",
    });
    expect(refused(window)["Retry-After"]).toBe("60");
    expect(refused(window + 59.999)["Retry-After"]).toBe("1");
    expect(refused(window + 60.5)["Retry-After"]).toBe("1");
  });
});
