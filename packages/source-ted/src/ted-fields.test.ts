import { loadConfig } from "@tender/config";
import { describe, expect, it } from "vitest";
import { REQUIRED_TED_FIELDS, tedFields } from "./ted-fields.js";
import { DEFAULT_TED_FIELDS } from "./ted-search-body.js";
import { TedSourceEnv } from "./ted-source-env.js";

describe("tedFields", () => {
  it("requests the default fields unless TED_FIELDS lists some", () => {
    expect(tedFields(undefined)).toEqual([...DEFAULT_TED_FIELDS]);
    expect(tedFields(" , ")).toEqual([...DEFAULT_TED_FIELDS]);
  });

  it("always adds what the mapper cannot do without, each field once", () => {
    expect(tedFields("total-value, links ,notice-type")).toEqual([
      ...REQUIRED_TED_FIELDS,
      "total-value",
      "notice-type",
    ]);
  });

  it("refuses a TED_FIELDS that names no field or something that is not a field name", () => {
    expect(loadConfig(TedSourceEnv, { TED_FIELDS: "total-value,ND" }).TED_FIELDS).toBe("total-value,ND");
    for (const bad of [",", "total value", "links;notice-type"]) {
      expect(() => loadConfig(TedSourceEnv, { TED_FIELDS: bad })).toThrow("TED_FIELDS");
    }
  });
});
