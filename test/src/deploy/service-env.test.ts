import { describe, expect, it } from "vitest";
import { envKeys, loadServiceEnv } from "./service-env.js";

// Loaded once, outside the tests: importing every service's Env takes seconds on a busy machine.
const env = await loadServiceEnv();

describe("the services' environment variables", () => {
  it("are read from each service's Env schema", () => {
    // The variables every service shares (brief's configuration table).
    for (const name of ["gateway", "ingest-source-a", "ingest-source-b", "downloader", "indexer"] as const) {
      expect(env[name]).toEqual(expect.arrayContaining(["DATABASE_URL", "LOG_LEVEL"]));
    }
    expect(env.indexer).toContain("NATS_URL");
    expect(env.gateway).toEqual(expect.arrayContaining(["PORT", "AI_PROVIDER"]));
    expect(env.indexer).toEqual(expect.arrayContaining(["HEALTH_PORT", "STORAGE_DRIVER", "AI_BASE_URL"]));
    expect(env.cli).toEqual([
      "DATABASE_URL",
      "NATS_URL",
      "NATS_STREAM_REPLICAS",
      "NATS_ACK_WAIT_MS",
      "BUS_PREFIX",
    ]);
  });

  it("envKeys walks objects, intersections and unions, and refuses anything else", () => {
    const schema = { options: [{ entries: { A: 1, B: 2 } }, { options: [{ entries: { B: 3, C: 4 } }] }] };
    expect(envKeys(schema)).toEqual(["A", "B", "C"]);
    expect(() => envKeys({ type: "string" })).toThrow(/not an env schema/);
  });
});
