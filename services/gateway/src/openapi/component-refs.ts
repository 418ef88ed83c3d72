import type { JsonSchemaDocument } from "@tender/contracts";

/**
 * A schema file with its references to other published files (`{"$ref":
 * "known-source-code.schema.json"}`) pointing at their components instead
 * (`#/components/schemas/KnownSourceCode`): inside the OpenAPI document the files' `$id`s are
 * gone, so a file name would resolve nowhere. `components` maps component names to file names.
 */
export function componentRefs(
  schema: JsonSchemaDocument,
  components: Record<string, string>,
): JsonSchemaDocument {
  const byFile = new Map(Object.entries(components).map(([name, file]) => [`${file}.schema.json`, name]));
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== "$ref" || typeof value !== "string" || value.startsWith("#")) return [key, visit(value)];
        const name = byFile.get(value);
        if (name === undefined) throw new Error(`${value} is referred to but published as no component`);
        return [key, `#/components/schemas/${name}`];
      }),
    );
  };
  return visit(schema) as JsonSchemaDocument;
}
