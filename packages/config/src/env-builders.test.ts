import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { envBool } from "./env-bool.js";
import { envEnum } from "./env-enum.js";
import { envInt } from "./env-int.js";
import { envNumber } from "./env-number.js";
import { envString } from "./env-string.js";
import { envUrl } from "./env-url.js";
import type { EnvSchema } from "./env-var.js";
import { loadConfig } from "./load-config.js";

/** Parses one variable X with `schema`; returns the value or the single problem line. */
function one<T>(schema: EnvSchema<T>, raw: string | undefined): T | string {
  try {
    return loadConfig(v.object({ X: schema }), raw === undefined ? {} : { X: raw }).X as T;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    expect(error.problems).toHaveLength(1);
    return error.problems[0] as string;
  }
}

describe("envInt", () => {
  const port = envInt({ min: 1, max: 65535 });
  it("coerces whole numbers, trimming spaces and accepting a sign", () => {
    expect(one(port, "8080")).toBe(8080);
    expect(one(port, " 42 ")).toBe(42);
    expect(one(port, "+7")).toBe(7);
    expect(one(envInt(), "-3")).toBe(-3);
  });
  it("rejects fractions, words, hex and out-of-range values with one sentence naming the range", () => {
    for (const bad of ["1.5", "abc", "0x10", "1e3", "0", "65536", "9".repeat(30)]) {
      expect(one(port, bad)).toBe(`X: expected a whole number from 1 to 65535, got ${JSON.stringify(bad)}`);
    }
  });
  it("describes one-sided bounds", () => {
    expect(one(envInt({ min: 1 }), "0")).toBe('X: expected a whole number of at least 1, got "0"');
    expect(one(envInt({ max: 9 }), "10")).toBe('X: expected a whole number of at most 9, got "10"');
  });
  it("uses the default when unset or blank, and reports a required variable that is unset", () => {
    expect(one(envInt({ default: 10 }), undefined)).toBe(10);
    expect(one(envInt({ default: 10 }), "  ")).toBe(10);
    expect(one(envInt({ optional: true }), undefined)).toBeUndefined();
    expect(one(port, undefined)).toBe("X: expected a whole number from 1 to 65535, but it is not set");
    expect(one(port, "")).toBe("X: expected a whole number from 1 to 65535, but it is not set");
  });
});

describe("envNumber", () => {
  const score = envNumber({ min: -1, max: 1 });
  it("coerces decimals within the bounds", () => {
    expect(one(score, "0.2")).toBe(0.2);
    expect(one(score, "-1")).toBe(-1);
    expect(one(score, ".5")).toBe(0.5);
    expect(one(score, "1e-1")).toBe(0.1);
  });
  it("rejects words, hex, Infinity and out-of-range values", () => {
    for (const bad of ["abc", "0x1", "Infinity", "1.01", "-2", "1_0", "NaN"]) {
      expect(one(score, bad)).toBe(`X: expected a number between -1 and 1, got ${JSON.stringify(bad)}`);
    }
  });
});

describe("envBool", () => {
  it("accepts the usual spellings in any case", () => {
    for (const yes of ["true", "TRUE", "1", "yes", "On"]) expect(one(envBool(), yes)).toBe(true);
    for (const no of ["false", "0", "No", "off"]) expect(one(envBool(), no)).toBe(false);
    expect(one(envBool({ default: true }), undefined)).toBe(true);
  });
  it("rejects anything else", () => {
    expect(one(envBool(), "maybe")).toBe('X: expected true or false (or 1/0, yes/no, on/off), got "maybe"');
  });
});

describe("envUrl", () => {
  const pgUrl = envUrl({ protocols: ["postgres", "postgresql:"] });
  it("returns the URL as written when its scheme is allowed", () => {
    expect(one(pgUrl, "postgres://u@db:5432/x")).toBe("postgres://u@db:5432/x");
    expect(one(pgUrl, "POSTGRESQL://db/x")).toBe("POSTGRESQL://db/x");
    expect(one(envUrl(), "ftp://example.org/a")).toBe("ftp://example.org/a");
  });
  it("rejects other schemes and non-URLs, naming the allowed schemes", () => {
    expect(one(pgUrl, "mysql://db/x")).toBe(
      'X: expected a URL starting with postgres:// or postgresql://, got "mysql://db/x"',
    );
    expect(one(envUrl({ protocols: ["a", "b", "c"] }), "nope")).toBe(
      'X: expected a URL starting with a://, b:// or c://, got "nope"',
    );
    // A common slip: host:port without a scheme parses as scheme "localhost:" and must not pass.
    expect(one(envUrl({ protocols: ["nats"] }), "localhost:4222")).toBe(
      'X: expected a URL starting with nats://, got "localhost:4222"',
    );
    expect(one(envUrl(), "/relative")).toBe('X: expected an absolute URL, got "/relative"');
  });
  it("as a base, refuses a user, a query or a fragment, which every URL built on it would carry", () => {
    const base = envUrl({ protocols: ["http", "https"], base: true });
    expect(one(base, "https://tenders.example.org/search/")).toBe("https://tenders.example.org/search/");
    expect(one(base, "http://[::1]:8080")).toBe("http://[::1]:8080");
    for (const raw of [
      "https://tenders.example.org/?x=1",
      "https://tenders.example.org?",
      "https://tenders.example.org/#top",
      "https://user:secret@tenders.example.org",
      "https://user@tenders.example.org",
      "javascript://tenders.example.org",
    ]) {
      // The value is quoted back with any password redacted.
      expect(one(base, raw), raw).toMatch(
        /^X: expected a URL starting with http:\/\/ or https:\/\/, without user, query or fragment, got "/,
      );
    }
  });
});

describe("envEnum", () => {
  const level = envEnum(["info", "debug"], { default: "info" });
  it("matches case-insensitively and returns the canonical spelling", () => {
    expect(one(level, "DEBUG")).toBe("debug");
    expect(one(level, undefined)).toBe("info");
  });
  it("lists the allowed values", () => {
    expect(one(level, "verbose")).toBe('X: expected one of info, debug, got "verbose"');
  });
});

describe("envString", () => {
  it("trims, defaults, and reports a required unset value", () => {
    expect(one(envString(), "  a b ")).toBe("a b");
    expect(one(envString({ default: "bge-m3" }), "")).toBe("bge-m3");
    expect(one(envString(), undefined)).toBe("X: expected a non-empty string, but it is not set");
  });
});
