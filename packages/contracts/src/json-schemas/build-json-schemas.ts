import { toJsonSchema } from "@valibot/to-json-schema";
import {
  REFERENCED_WIRE_SCHEMAS,
  WIRE_SCHEMA_NAMES,
  WIRE_SCHEMAS,
  type WireSchemaName,
} from "./wire-schemas.js";

/** A JSON Schema document (draft 2020-12). */
export type JsonSchemaDocument = Record<string, unknown>;

export const SCHEMA_BASE_URL = "https://tender-search.dev/schemas/";

// Actions with no JSON Schema equivalent. Each primitive states its wire form with
// `v.metadata` (pattern, format, maxLength), so the file describes what travels, not the
// JavaScript checks and normalizations valibot runs on input.
const RUNTIME_ONLY_ACTIONS = ["trim", "to_lower_case", "check", "cross_checks", "transform"];

/** The file a schema other than `self` refers to for `valibotSchema`, if it is a referenced one. */
function referencedFile(valibotSchema: unknown, self: WireSchemaName): string | undefined {
  const name = REFERENCED_WIRE_SCHEMAS.find((n) => n !== self && WIRE_SCHEMAS[n].schema === valibotSchema);
  return name === undefined ? undefined : `${name}.schema.json`;
}

/**
 * Converts every wire contract to a JSON Schema (draft 2020-12) with `$id` and `title`.
 * Pure: the write script and the drift test both use it.
 */
export function buildJsonSchemas(): Record<WireSchemaName, JsonSchemaDocument> {
  const entries = WIRE_SCHEMA_NAMES.map((name) => {
    const { title, description, schema } = WIRE_SCHEMAS[name];
    const { $schema, ...body } = toJsonSchema(schema, {
      target: "draft-2020-12",
      typeMode: "ignore",
      errorMode: "throw",
      ignoreActions: RUNTIME_ONLY_ACTIONS,
      // A `v.custom` schema (JsonObject) states its whole wire form in `v.metadata`.
      // A referenced schema (REFERENCED_WIRE_SCHEMAS) is a `$ref` to its own file, relative to `$id`.
      overrideSchema: ({ valibotSchema }) => {
        if (valibotSchema.type === "custom") return {};
        const file = referencedFile(valibotSchema, name);
        return file === undefined ? undefined : { $ref: file };
      },
    });
    const document: JsonSchemaDocument = {
      $schema,
      $id: `${SCHEMA_BASE_URL}${name}.schema.json`,
      title,
      description,
      ...body,
    };
    return [name, document] as const;
  });
  return Object.fromEntries(entries) as Record<WireSchemaName, JsonSchemaDocument>;
}
