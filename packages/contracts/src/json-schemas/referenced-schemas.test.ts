import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SearchRequest } from "../http/search-request.js";
import { SOURCE_CODES } from "../primitives/source-codes.js";
import { createWireValidator } from "../validators/create-wire-validator.js";
import { buildJsonSchemas } from "./build-json-schemas.js";

const schemas = buildJsonSchemas();
const REF = { $ref: "known-source-code.schema.json" };

/** Every node of a JSON document. */
function nodes(node: unknown, found: unknown[] = []): unknown[] {
  found.push(node);
  if (node && typeof node === "object") for (const child of Object.values(node)) nodes(child, found);
  return found;
}

describe("the source enum, published once", () => {
  it("is known-source-code.schema.json: the codes, in order", () => {
    expect(schemas["known-source-code"]).toMatchObject({ type: "string", enum: [...SOURCE_CODES] });
  });

  it("every schema that holds filters refers to it, and no schema repeats the codes or their number", () => {
    const referring: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      if (name === "known-source-code") continue;
      const all = nodes(schema);
      for (const node of all) {
        const record = node as { enum?: unknown[] };
        expect(record?.enum ?? [], name).not.toEqual(expect.arrayContaining([SOURCE_CODES[0]]));
      }
      if (all.some((node) => JSON.stringify(node) === JSON.stringify(REF))) referring.push(name);
    }
    expect(referring.sort()).toEqual([
      "ask-request",
      "award-search-request",
      "award-search-summary-request",
      "saved-search",
      "saved-search-created",
      "saved-search-list",
      "saved-search-request",
      "search-request",
    ]);
    const sources = (
      schemas["search-request"] as { properties: { filters: { properties: { sources: object } } } }
    ).properties.filters.properties.sources;
    expect(sources).toEqual({ type: "array", items: REF, minItems: 1, uniqueItems: true });
  });

  it("an ajv validator follows the reference and judges `sources` as valibot does", () => {
    const validate = createWireValidator("search-request");
    const sourcesArb = fc.array(fc.oneof(fc.constantFrom(...SOURCE_CODES), fc.string({ maxLength: 20 })), {
      maxLength: SOURCE_CODES.length + 2,
    });
    fc.assert(
      fc.property(sourcesArb, (sources) => {
        const body = { query: "road maintenance", filters: { sources } };
        expect(validate(body).ok, JSON.stringify(sources)).toBe(v.safeParse(SearchRequest, body).success);
      }),
      { numRuns: 300 },
    );
    expect(validate({ query: "road maintenance", filters: { sources: ["TED"] } })).toEqual({
      ok: false,
      errors: [`/filters/sources/0 must be one of ${SOURCE_CODES.map((code) => `"${code}"`).join(", ")}`],
    });
  });
});
