import { DEFAULT_DELIVERY } from "@tender/bus";
import { ConfigError, loadConfig } from "@tender/config";
import { describe, expect, it } from "vitest";
import { Env } from "./env.js";

const base = { DATABASE_URL: "postgres://db/tender" };

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(Env, { ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("indexer Env", () => {
  it("waits out the indexer consumer's redeliveries before a pending tender is swept again", () => {
    const config = loadConfig(Env, base);
    expect(config.SWEEP_INTERVAL_MS).toBe(60_000);
    // 10 ack waits of a minute, plus the pauses before the 9 redeliveries (2 s doubling, at most 5 min).
    expect(config.SWEEP_STALE_AFTER_MS).toBe(1_410_000);
    expect(config.SWEEP_STALE_AFTER_MS).toBeGreaterThan(
      DEFAULT_DELIVERY.ackWaitMs * DEFAULT_DELIVERY.maxDeliver,
    );
    expect(loadConfig(Env, { ...base, SWEEP_STALE_AFTER_MS: "3600000" }).SWEEP_STALE_AFTER_MS).toBe(
      3_600_000,
    );
  });

  it("refuses a staleness threshold within the redelivery window", () => {
    expect(problems({ SWEEP_STALE_AFTER_MS: "60000" })).toEqual([
      expect.stringMatching(/^SWEEP_STALE_AFTER_MS: expected a whole number from 1410000 to/),
    ]);
  });
});
