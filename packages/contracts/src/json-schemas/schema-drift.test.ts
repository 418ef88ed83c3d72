import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSchemas } from "../generated/json-schemas.js";
import { buildJsonSchemas } from "./build-json-schemas.js";
import { findWorkspaceRoot } from "./find-workspace-root.js";
import { renderSchemaFiles, SCHEMAS_DIR } from "./render-schema-files.js";

const FIX = "run `pnpm build && pnpm schemas`";
const root = findWorkspaceRoot(import.meta.dirname);
const expected = renderSchemaFiles(buildJsonSchemas());

describe("generated schema files", () => {
  it.each([...expected.keys()])("%s is what the valibot source generates", (path) => {
    const file = join(root, path);
    expect(existsSync(file), `${path} is missing: ${FIX}`).toBe(true);
    expect(readFileSync(file, "utf8"), `${path} differs from the valibot source: ${FIX}`).toBe(
      expected.get(path),
    );
  });

  it("schemas/ holds no schema file that no contract produces", () => {
    const stale = readdirSync(join(root, SCHEMAS_DIR)).filter(
      (name) => name.endsWith(".schema.json") && !expected.has(`${SCHEMAS_DIR}/${name}`),
    );
    expect(stale, `stale schema files: ${FIX}`).toEqual([]);
  });

  it("the module the validators use holds the same schemas", () => {
    expect(JSON.parse(JSON.stringify(jsonSchemas)), `src/generated/json-schemas.ts is stale: ${FIX}`).toEqual(
      buildJsonSchemas(),
    );
  });
});

describe("buildJsonSchemas", () => {
  it("describes the event precisely", () => {
    const schema = buildJsonSchemas()["tender-changed-v1"];
    expect(schema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://tender-search.dev/schemas/tender-changed-v1.schema.json",
      title: "TenderChangedV1",
      type: "object",
      additionalProperties: false,
      required: ["schema_version", "event_id", "occurred_at", "tender_id", "content_hash"],
      properties: {
        schema_version: { const: 1, type: "integer" },
        event_id: { type: "string", format: "uuid" },
        occurred_at: { type: "string", format: "date-time" },
        content_hash: { type: "string", pattern: "^[0-9a-f]{64}$" },
      },
    });
  });

  it("gives every object additionalProperties false and an $id per file", () => {
    const objectsWithout: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) visit(item, `${path}/${i}`);
      } else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        const isPayload = path.endsWith("/raw_payload");
        if (record.type === "object" && record.additionalProperties !== false && !isPayload)
          objectsWithout.push(path);
        for (const [key, value] of Object.entries(record)) visit(value, `${path}/${key}`);
      }
    };
    for (const [name, schema] of Object.entries(buildJsonSchemas())) {
      expect(schema.$id).toBe(`https://tender-search.dev/schemas/${name}.schema.json`);
      visit(schema, name);
    }
    expect(objectsWithout).toEqual([]);
  });

  it("is a pure function", () => {
    expect(buildJsonSchemas()).toEqual(buildJsonSchemas());
  });
});
