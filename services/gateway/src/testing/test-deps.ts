import { randomBytes } from "node:crypto";
import { type AiProvider, createFakeProvider } from "@tender/ai";
import type { Database } from "@tender/db";
import { createLogger } from "@tender/observability";
import type { Kysely } from "kysely";
import type { Deps, GatewayConfig } from "../deps.js";
import type { ServerTimeouts } from "../server/serve-app.js";

/** Server timeouts for tests that do not test them: the gateway's defaults. */
export const TEST_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
};

/** Log lines written by a test logger, parsed. */
export type LogLines = Record<string, unknown>[];

/** A logger at debug level writing parsed lines into `lines`. */
export function captureLogger(lines: LogLines = []) {
  const destination = {
    write(chunk: string) {
      for (const line of chunk.split("\n")) if (line.trim() !== "") lines.push(JSON.parse(line));
    },
  };
  return { logger: createLogger({ level: "debug", name: "gateway-test", destination }), lines };
}

/** Counts the calls reaching a provider, so a test can prove that a call never happened. */
export interface SpyProvider extends AiProvider {
  /** `generate` counts both ways of generating, streamed or not. */
  calls: { embed: number; generate: number; health: number };
  prompts: { system: string; user: string }[];
}

export function spyProvider(inner: AiProvider = createFakeProvider()): SpyProvider {
  const calls = { embed: 0, generate: 0, health: 0 };
  const prompts: { system: string; user: string }[] = [];
  return {
    embedModel: inner.embedModel,
    chatModel: inner.chatModel,
    calls,
    prompts,
    embed(texts, opts) {
      calls.embed += 1;
      return inner.embed(texts, opts);
    },
    generate(prompt, opts) {
      calls.generate += 1;
      prompts.push(prompt);
      return inner.generate(prompt, opts);
    },
    generateStream(prompt, opts) {
      calls.generate += 1;
      prompts.push(prompt);
      return inner.generateStream(prompt, opts);
    },
    health(opts) {
      calls.health += 1;
      return inner.health(opts);
    },
  };
}

/** The gateway's defaults, with a fresh webhook secret key; `overrides` replace settings. */
export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    minRelevanceScore: 0.2,
    searchDeadlineMs: 15_000,
    askDeadlineMs: 60_000,
    feedReadsPerMinute: 30,
    cardConcurrencyPerKey: 4,
    savedSearches: { perKey: 50, allowHttpWebhooks: false, webhookSecretKey: randomBytes(32) },
    ...overrides,
  };
}

/** Deps for a test app: the fake provider, MIN_RELEVANCE_SCORE 0.2, a capturing logger. */
export function testDeps(db: Kysely<Database>, overrides: Partial<Deps> = {}): Deps & { lines: LogLines } {
  const { logger, lines } = captureLogger();
  return {
    db,
    ai: createFakeProvider(),
    config: testConfig(),
    logger,
    ...overrides,
    lines,
  };
}
