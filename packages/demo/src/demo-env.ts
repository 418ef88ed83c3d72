import { tmpdir } from "node:os";
import { join } from "node:path";
import { AiEnv, envInt, envString, envUrl, LogEnv, NatsEnv, POSTGRES_PROTOCOLS } from "@tender/config";
import * as v from "valibot";

/**
 * The demo's configuration: `DEMO_DATABASE_URL` (postgres://postgres@127.0.0.1:5432/tender_demo,
 * dropped and recreated on every run), `DEMO_BUS_PREFIX` (demo), `DEMO_PORT` (8080, the next free
 * one when taken), `DEMO_DIR` (<tmp>/tender-demo: attachments), `DEMO_WORD_DELAY_MS` (100: the fake
 * model's pause between streamed words, so a streamed Ask can be watched), plus `NATS_URL`,
 * `LOG_LEVEL` and the `AI_*` variables, which go to the gateway and the indexer.
 */
export const DemoEnv = v.intersect([
  LogEnv,
  NatsEnv,
  AiEnv,
  v.object({
    DEMO_DATABASE_URL: envUrl({
      protocols: POSTGRES_PROTOCOLS,
      default: "postgres://postgres@127.0.0.1:5432/tender_demo",
    }),
    DEMO_BUS_PREFIX: v.pipe(
      envString({ default: "demo" }),
      v.regex(/^[A-Za-z0-9_-]{1,32}$/, "expected 1 to 32 letters, digits, _ or -"),
    ),
    DEMO_PORT: envInt({ min: 1, max: 65_535, default: 8080 }),
    DEMO_DIR: envString({ default: join(tmpdir(), "tender-demo") }),
    DEMO_WORD_DELAY_MS: envInt({ min: 0, max: 10_000, default: 100 }),
  }),
]);
export type DemoEnv = v.InferOutput<typeof DemoEnv>;

/**
 * The `AI_*` variables as the gateway and the indexer read them (only those with a value). The
 * fake model pauses `wordDelayMs` between streamed words (the user's `AI_FAKE_WORD_DELAY_MS`
 * when set).
 */
export function aiVariables(config: AiEnv, wordDelayMs = 0): Record<string, string> {
  return {
    AI_FAKE_WORD_DELAY_MS: String(config.AI_FAKE_WORD_DELAY_MS || wordDelayMs),
    AI_PROVIDER: config.AI_PROVIDER,
    AI_EMBED_MODEL: config.AI_EMBED_MODEL,
    AI_CHAT_MODEL: config.AI_CHAT_MODEL,
    AI_TIMEOUT_MS: String(config.AI_TIMEOUT_MS),
    AI_MAX_ANSWER_CHARS: String(config.AI_MAX_ANSWER_CHARS),
    ...(config.AI_BASE_URL === undefined ? {} : { AI_BASE_URL: config.AI_BASE_URL }),
    ...(config.AI_API_KEY === undefined ? {} : { AI_API_KEY: config.AI_API_KEY }),
  };
}
