import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document.js";

// Redocly's `recommended` rules, as a client developer runs them (`redocly lint /openapi.json`).
// `info-license` is off only because the project states no licence yet: choosing one is the
// owners' decision, not the generator's. Every other rule counts, warnings included.
const RULES = { "info-license": "off" } as const;

describe("the OpenAPI document under Redocly's recommended rules", () => {
  it("has no error and no warning", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: RULES });
    const problems = await lintFromString({
      source: JSON.stringify(buildOpenApiDocument()),
      absoluteRef: "openapi.json",
      config,
    });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
  });
});
