import type { EmailSetting } from "@tender/contracts";
import { describe, expect, it } from "vitest";
import { digestSchedule } from "./digest-schedule.js";

const email = (over: Partial<EmailSetting>): EmailSetting => ({
  to: "ann@example.org",
  frequency: "daily",
  hour_utc: 7,
  weekday: null,
  status: "confirmed",
  stopped_reason: null,
  ...over,
});

describe("digestSchedule", () => {
  it("says when the digest goes out, in UTC", () => {
    expect(digestSchedule(email({}))).toBe("daily at 07:00 UTC");
    expect(digestSchedule(email({ frequency: "weekly", weekday: "monday", hour_utc: 18 }))).toBe(
      "weekly on Monday at 18:00 UTC",
    );
    expect(digestSchedule(email({ frequency: "instant", hour_utc: null }))).toBe(
      "at once, for each new match",
    );
  });
});
