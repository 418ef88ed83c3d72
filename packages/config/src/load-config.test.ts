import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { DatabaseEnv } from "./database-env.js";
import { envInt } from "./env-int.js";
import { envNumber } from "./env-number.js";
import { envString } from "./env-string.js";
import { envUrl } from "./env-url.js";
import { loadConfig } from "./load-config.js";
import { LogEnv } from "./log-env.js";

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

const Env = v.object({
  MIN_RELEVANCE_SCORE: envNumber({ min: -1, max: 1, default: 0.2 }),
  PORT: envInt({ min: 1, max: 65535, default: 8080 }),
  NAME: envString(),
});

describe("loadConfig", () => {
  it("coerces, applies defaults, ignores unrelated variables and freezes the result deeply", () => {
    const config = loadConfig(
      v.object({ ...Env.entries, LIST: v.optional(v.array(v.string()), () => ["a"]) }),
      { NAME: "x", PORT: "9000", PATH: "/usr/bin" },
    );
    expect(config).toEqual({ MIN_RELEVANCE_SCORE: 0.2, PORT: 9000, NAME: "x", LIST: ["a"] });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.LIST)).toBe(true);
    expect(() => {
      (config as { PORT: number }).PORT = 1;
    }).toThrow(TypeError);
  });

  it("lists every bad variable in one error, each once", () => {
    const problems = problemsOf(() => loadConfig(Env, { MIN_RELEVANCE_SCORE: "abc", PORT: "0" }));
    expect(problems).toEqual([
      'MIN_RELEVANCE_SCORE: expected a number between -1 and 1, got "abc"',
      'PORT: expected a whole number from 1 to 65535, got "0"',
      "NAME: expected a non-empty string, but it is not set",
    ]);
    try {
      loadConfig(Env, { MIN_RELEVANCE_SCORE: "abc", PORT: "0" });
    } catch (error) {
      const message = (error as Error).message;
      for (const p of problems) expect(message).toContain(p);
    }
  });

  it("never shows the value of a secret-looking variable", () => {
    const Secrets = v.object({
      AI_API_KEY: envInt(),
      CLIENT_SECRET: envInt(),
      DB_PASSWORD: envInt(),
      github_token: envInt(),
    });
    const env = { AI_API_KEY: "sk-live-1", CLIENT_SECRET: "s3", DB_PASSWORD: "pw", github_token: "ghp" };
    const problems = problemsOf(() => loadConfig(Secrets, env));
    expect(problems).toEqual([
      "AI_API_KEY: expected a whole number (value hidden)",
      "CLIENT_SECRET: expected a whole number (value hidden)",
      "DB_PASSWORD: expected a whole number (value hidden)",
      "github_token: expected a whole number (value hidden)",
    ]);
    for (const value of Object.values(env)) expect(problems.join("\n")).not.toContain(value);
  });

  it("masks the password of a URL in a bad value", () => {
    const problems = problemsOf(() =>
      loadConfig(v.object({ DATABASE_URL: envUrl({ protocols: ["postgres"] }) }), {
        DATABASE_URL: "mysql://app:hunter2@db:3306/x",
      }),
    );
    expect(problems).toEqual([
      'DATABASE_URL: expected a URL starting with postgres://, got "mysql://app:[REDACTED]@db:3306/x"',
    ]);
  });

  it("composes fragments with v.intersect and reports problems from all of them", () => {
    const Service = v.intersect([DatabaseEnv, LogEnv, v.object({ PORT: envInt({ min: 1, max: 65535 }) })]);
    const ok = loadConfig(Service, { DATABASE_URL: "postgres://db/x", PORT: "80" });
    expect(ok).toEqual({
      DATABASE_URL: "postgres://db/x",
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 60_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
      LOG_LEVEL: "info",
      PORT: 80,
    });
    const problems = problemsOf(() => loadConfig(Service, { LOG_LEVEL: "loud", PORT: "x" }));
    expect(problems).toEqual([
      "DATABASE_URL: expected a URL starting with postgres:// or postgresql://, but it is not set",
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'PORT: expected a whole number from 1 to 65535, got "x"',
    ]);
  });

  it("shortens a very long value", () => {
    const [problem] = problemsOf(() => loadConfig(Env, { NAME: "n", PORT: "9".repeat(500) }));
    expect(problem).toBe(`PORT: expected a whole number from 1 to 65535, got "${"9".repeat(80)}…"`);
  });
});
