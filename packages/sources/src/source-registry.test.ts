import { SOURCE_CODES, SOURCE_LABELS, SourceCode } from "@tender/contracts";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SOURCES, sourceByCode, sourceChoice } from "./source-registry.js";

describe("the source registry", () => {
  it("defines exactly the source codes the contracts accept (filters, OpenAPI enum), with their labels", () => {
    expect(SOURCES.map((source) => source.code)).toEqual([...SOURCE_CODES]);
    expect(Object.fromEntries(SOURCES.map((source) => [source.code, source.label]))).toEqual(SOURCE_LABELS);
  });

  it("gives every source a valid code, a label, its own service and its own settings", () => {
    for (const source of SOURCES) {
      expect(v.is(SourceCode, source.code), source.code).toBe(true);
      expect(source.label.trim(), source.code).not.toBe("");
      expect(source.service, source.code).toMatch(/^ingest-source-[a-z]$/);
      expect(Object.keys(source.env.entries), source.code).toContain(source.baseUrlSetting);
      for (const host of source.documentHosts) expect(host, source.code).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
    }
    for (const key of ["code", "label", "service", "baseUrlSetting"] as const) {
      const values = SOURCES.map((source) => source[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    const settings = SOURCES.flatMap((source) => Object.keys(source.env.entries));
    expect(new Set(settings).size).toBe(settings.length);
  });

  it("finds a definition by its code only", () => {
    for (const source of SOURCES) expect(sourceByCode(source.code)).toBe(source);
    expect(sourceByCode("TED")).toBeUndefined();
    expect(sourceByCode("toString")).toBeUndefined();
    expect(sourceChoice()).toMatch(/^ted, .* or [a-z_]+$|^ted or [a-z_]+$/);
  });
});
