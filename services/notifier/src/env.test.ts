import { loadConfig } from "@tender/config";
import { describe, expect, it } from "vitest";
import { Env, webhookTimeouts } from "./env.js";

const base = { DATABASE_URL: "postgres://db/tender" };

describe("notifier Env", () => {
  it("defaults to the delivery schedule of the specification: 10 s, first retry after a minute, for 24 hours", () => {
    const config = loadConfig(Env, base);
    expect(config).toMatchObject({
      WEBHOOK_TIMEOUT_MS: 10_000,
      WEBHOOK_RETRY_FIRST_MS: 60_000,
      WEBHOOK_RETRY_WINDOW_MS: 86_400_000,
      WEBHOOK_ALLOW_HTTP: false,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false,
      HEALTH_PORT: 9090,
    });
    expect(config.WEBHOOK_SECRET_KEY).toBeUndefined();
  });

  it("takes a 32-byte key in base64 and refuses anything else", () => {
    const key = (bytes: number) => Buffer.alloc(bytes, 7).toString("base64");
    expect(loadConfig(Env, { ...base, WEBHOOK_SECRET_KEY: key(32) }).WEBHOOK_SECRET_KEY).toBe(key(32));
    expect(() => loadConfig(Env, { ...base, WEBHOOK_SECRET_KEY: key(16) })).toThrow(
      expect.objectContaining({
        problems: [expect.stringMatching(/^WEBHOOK_SECRET_KEY: must be 32 random bytes in base64/)],
      }),
    );
  });

  it("bounds an attempt's connection and first byte by shorter timeouts than the whole, never longer", () => {
    expect(webhookTimeouts(loadConfig(Env, base))).toEqual({
      timeoutMs: 10_000,
      connectTimeoutMs: 3_000,
      firstByteTimeoutMs: 5_000,
    });
    expect(webhookTimeouts(loadConfig(Env, { ...base, WEBHOOK_TIMEOUT_MS: "2000" }))).toEqual({
      timeoutMs: 2_000,
      connectTimeoutMs: 2_000,
      firstByteTimeoutMs: 2_000,
    });
    expect(() => loadConfig(Env, { ...base, WEBHOOK_FIRST_BYTE_TIMEOUT_MS: "20000" })).toThrow(
      expect.objectContaining({
        problems: [
          expect.stringMatching(/^WEBHOOK_FIRST_BYTE_TIMEOUT_MS: must not be longer than WEBHOOK_TIMEOUT_MS/),
        ],
      }),
    );
    expect(loadConfig(Env, base)).toMatchObject({
      WEBHOOK_CONCURRENCY_PER_KEY: 2,
      WEBHOOK_CONCURRENCY_PER_HOST: 2,
    });
  });
});
