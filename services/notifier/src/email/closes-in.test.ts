import { describe, expect, it } from "vitest";
import { closesIn } from "./closes-in.js";

const now = new Date("2026-11-25T08:00:00Z"); // a Wednesday morning

describe("closesIn", () => {
  it("counts calendar days in UTC, as the date it shows", () => {
    expect(closesIn("2026-11-28T23:59:00.000Z", now)).toBe("2026-11-28 (closes in 3 days)");
    expect(closesIn("2026-11-28T00:01:00.000Z", now)).toBe("2026-11-28 (closes in 3 days)");
    expect(closesIn("2026-11-26T00:00:00.000Z", now)).toBe("2026-11-26 (closes in 1 day)");
    expect(closesIn("2026-11-25T17:00:00.000Z", now)).toBe("2026-11-25 (closes today)");
  });

  it("says closed once the deadline has passed, and not given without one", () => {
    expect(closesIn("2026-11-25T07:59:59.000Z", now)).toBe("2026-11-25 (closed)");
    expect(closesIn(null, now)).toBe("not given");
    expect(closesIn("not a date", now)).toBe("not given");
  });
});
