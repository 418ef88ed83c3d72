import { describe, expect, it } from "vitest";
import { AiEnv } from "./ai-env.js";
import { ConfigError } from "./config-error.js";
import { ConsumerEnv } from "./consumer-env.js";
import { DatabaseEnv, databaseEnv } from "./database-env.js";
import { loadConfig } from "./load-config.js";
import { LogEnv } from "./log-env.js";
import { NatsEnv } from "./nats-env.js";
import { OutboxEnv, outboxRetentionMs } from "./outbox-env.js";

function problems(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("DatabaseEnv", () => {
  it("requires a postgres URL and defaults the pool size to 10 and both timeouts to a minute", () => {
    expect(loadConfig(DatabaseEnv, { DATABASE_URL: "postgresql://u@h/db" })).toEqual({
      DATABASE_URL: "postgresql://u@h/db",
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 60_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
    });
    expect(problems(() => loadConfig(DatabaseEnv, { DATABASE_POOL_MAX: "0" }))).toEqual([
      "DATABASE_URL: expected a URL starting with postgres:// or postgresql://, but it is not set",
      'DATABASE_POOL_MAX: expected a whole number from 1 to 1000, got "0"',
    ]);
  });
});

describe("databaseEnv", () => {
  it("takes a service's own timeout defaults, and refuses timeouts below 100 ms", () => {
    const Gateway = databaseEnv({ statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 10_000 });
    expect(loadConfig(Gateway, { DATABASE_URL: "postgres://h/db" })).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
    });
    expect(
      problems(() =>
        loadConfig(Gateway, { DATABASE_URL: "postgres://h/db", DATABASE_STATEMENT_TIMEOUT_MS: "0" }),
      ),
    ).toEqual(['DATABASE_STATEMENT_TIMEOUT_MS: expected a whole number from 100 to 86400000, got "0"']);
  });
});

describe("ConsumerEnv", () => {
  it("bounds one message's handling to 15 minutes by default", () => {
    expect(loadConfig(ConsumerEnv, {})).toEqual({ MESSAGE_MAX_HANDLING_MS: 900_000 });
  });
});

describe("NatsEnv and LogEnv", () => {
  it("have the documented defaults", () => {
    expect(loadConfig(NatsEnv, {})).toEqual({
      NATS_URL: "nats://127.0.0.1:4222",
      NATS_STREAM_REPLICAS: 1,
      NATS_ACK_WAIT_MS: 60_000,
    });
    expect(loadConfig(LogEnv, {})).toEqual({ LOG_LEVEL: "info" });
  });
  it("check their values", () => {
    expect(problems(() => loadConfig(NatsEnv, { NATS_URL: "http://x:4222" }))).toEqual([
      'NATS_URL: expected a URL starting with nats://, tls://, ws:// or wss://, got "http://x:4222"',
    ]);
    expect(loadConfig(NatsEnv, { NATS_ACK_WAIT_MS: "5000" }).NATS_ACK_WAIT_MS).toBe(5_000);
    for (const NATS_ACK_WAIT_MS of ["999", "60001", "5s"]) {
      expect(problems(() => loadConfig(NatsEnv, { NATS_ACK_WAIT_MS }))).toHaveLength(1);
    }
    expect(loadConfig(LogEnv, { LOG_LEVEL: "Debug" }).LOG_LEVEL).toBe("debug");
  });
});

describe("AiEnv", () => {
  it("defaults to the fake provider, which needs no base URL", () => {
    expect(loadConfig(AiEnv, {})).toEqual({
      AI_PROVIDER: "fake",
      AI_BASE_URL: undefined,
      AI_EMBED_MODEL: "bge-m3",
      AI_CHAT_MODEL: "qwen2.5:7b-instruct",
      AI_API_KEY: undefined,
      AI_TIMEOUT_MS: 30_000,
      AI_MAX_ANSWER_CHARS: 20_000,
      AI_FAKE_WORD_DELAY_MS: 0,
    });
  });

  it("requires AI_BASE_URL for ollama and openai", () => {
    for (const provider of ["ollama", "openai"]) {
      expect(problems(() => loadConfig(AiEnv, { AI_PROVIDER: provider }))).toEqual([
        "AI_BASE_URL: required when AI_PROVIDER is ollama or openai, but it is not set",
      ]);
    }
    const live = loadConfig(AiEnv, {
      AI_PROVIDER: "openai",
      AI_BASE_URL: "http://127.0.0.1:8000",
      AI_API_KEY: "sk-1",
    });
    expect(live).toMatchObject({
      AI_PROVIDER: "openai",
      AI_BASE_URL: "http://127.0.0.1:8000",
      AI_API_KEY: "sk-1",
    });
  });

  it("reports the missing base URL together with other bad AI variables", () => {
    expect(problems(() => loadConfig(AiEnv, { AI_PROVIDER: "ollama", AI_TIMEOUT_MS: "soon" }))).toEqual([
      'AI_TIMEOUT_MS: expected a whole number from 100 to 600000, got "soon"',
      "AI_BASE_URL: required when AI_PROVIDER is ollama or openai, but it is not set",
    ]);
    expect(problems(() => loadConfig(AiEnv, { AI_PROVIDER: "gpt", AI_BASE_URL: "ftp://x" }))).toEqual([
      'AI_PROVIDER: expected one of fake, ollama, openai, got "gpt"',
      'AI_BASE_URL: expected a URL starting with http:// or https://, got "ftp://x"',
    ]);
  });
});

describe("OutboxEnv", () => {
  it("keeps published events a week by default, from an hour to a year", () => {
    const config = loadConfig(OutboxEnv, {});
    expect(config).toEqual({ OUTBOX_RETENTION_HOURS: 168 });
    expect(outboxRetentionMs(config)).toBe(7 * 24 * 3_600_000);
    expect(outboxRetentionMs(loadConfig(OutboxEnv, { OUTBOX_RETENTION_HOURS: "2" }))).toBe(7_200_000);
    expect(problems(() => loadConfig(OutboxEnv, { OUTBOX_RETENTION_HOURS: "0" }))).toEqual([
      'OUTBOX_RETENTION_HOURS: expected a whole number from 1 to 8760, got "0"',
    ]);
  });
});
