import { describe, expect, it, vi } from "vitest";
import { resolveServiceEndpoints, type ServiceEndpoints } from "./service-endpoints.js";

const DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const NATS_URL = "nats://127.0.0.1:4222";
const BOTH_NEEDED = /need both DATABASE_URL .* and NATS_URL/;

/** A container starter that must not be called, or that answers as a runtime would. */
function starter(outcome: "unused" | "fails" | ServiceEndpoints) {
  return vi.fn(async (): Promise<ServiceEndpoints> => {
    if (outcome === "unused") throw new Error("containers must not be started");
    if (outcome === "fails") throw new Error("Could not find a working container runtime strategy");
    return outcome;
  });
}

describe("resolveServiceEndpoints", () => {
  it("uses DATABASE_URL and NATS_URL when both are set, in CI or not, without containers", async () => {
    for (const CI of [undefined, "true"]) {
      const start = starter("unused");
      const endpoints = await resolveServiceEndpoints({ DATABASE_URL, NATS_URL, CI }, start);
      expect(endpoints).toMatchObject({ databaseUrl: DATABASE_URL, natsUrl: NATS_URL });
      await endpoints.stop();
      expect(start).not.toHaveBeenCalled();
    }
  });

  it("fails when only one of the two is set, rather than mixing a container with a local service", async () => {
    for (const env of [{ DATABASE_URL }, { NATS_URL }]) {
      const start = starter("unused");
      await expect(resolveServiceEndpoints(env, start)).rejects.toThrow(BOTH_NEEDED);
      expect(start).not.toHaveBeenCalled();
    }
  });

  it("fails in CI when the services are not given: a missing service never falls back or skips", async () => {
    const start = starter("unused");
    await expect(resolveServiceEndpoints({ CI: "true" }, start)).rejects.toThrow(BOTH_NEEDED);
    expect(start).not.toHaveBeenCalled();
  });

  it("starts containers only where neither is set and a container runtime answers", async () => {
    const containers: ServiceEndpoints = {
      databaseUrl: "postgres://test:test@localhost:32768/test",
      natsUrl: "nats://localhost:32769",
      stop: vi.fn(async () => {}),
    };
    const start = starter(containers);
    expect(await resolveServiceEndpoints({}, start)).toBe(containers);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("says what to do when neither is set and no container runtime answers", async () => {
    const error = await resolveServiceEndpoints({}, starter("fails")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      "DATABASE_URL and NATS_URL are not set and no container runtime answered. " +
        "Run `bash scripts/setup.sh`, or set both variables.",
    );
    expect(((error as Error).cause as Error).message).toMatch(/container runtime/);
  });
});
