import { describe, expect, it } from "vitest";
import { runHealthCheck } from "./run-health-check.js";

describe("runHealthCheck", () => {
  it("passes on true or undefined, fails on false or a rejection", async () => {
    expect(await runHealthCheck(async () => true)).toBe(true);
    expect(await runHealthCheck(async () => undefined)).toBe(true);
    expect(await runHealthCheck(async () => false)).toBe(false);
    expect(await runHealthCheck(() => Promise.reject(new Error("down")))).toBe(false);
  });

  it("fails a check that hangs past the bound and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const result = await runHealthCheck((s) => {
      signal = s;
      return new Promise(() => {});
    }, 30);
    expect(result).toBe(false);
    expect(signal?.aborted).toBe(true);
  });
});
