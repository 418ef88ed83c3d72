/**
 * The sources this service pulls from, code → the name people know it by: the valid values of
 * the `sources` filter (`KnownSourceCode`, published once as
 * schemas/known-source-code.schema.json), and the names the web app and the OpenAPI document show. The source registry
 * (`@tender/sources`) lists one definition per code with the same label; a test keeps the two
 * equal, since the contracts must not depend on the source packages. No imports: the web app
 * bundles this file (through `@tender/contracts/display`).
 */
export const SOURCE_LABELS = {
  ted: "TED (EU)",
  contracts_finder: "Contracts Finder (UK)",
  find_a_tender: "Find a Tender (UK)",
} as const;

/** The codes of `SOURCE_LABELS`, in its order (filters, enum, CLI help). */
export const SOURCE_CODES = Object.keys(SOURCE_LABELS) as readonly (keyof typeof SOURCE_LABELS)[];
