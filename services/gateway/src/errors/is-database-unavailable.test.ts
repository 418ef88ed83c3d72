import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./is-database-unavailable.js";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognizes network failures, connection SQLSTATEs and pool messages", () => {
    for (const error of [
      withCode("ECONNREFUSED"),
      withCode("ETIMEDOUT"),
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]),
      withCode("08006"),
      withCode("57P01"),
      withCode("53300"),
      withCode("3D000"),
      withCode("28P01"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      new Error("wrapped", { cause: withCode("ECONNRESET") }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("leaves bugs and data errors to internal_error", () => {
    for (const error of [
      withCode("42601", "syntax error"),
      withCode("22000", "expected 1024 dimensions, not 2"),
      withCode("23505"),
      new TypeError("undefined is not a function"),
      "a string",
      null,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
