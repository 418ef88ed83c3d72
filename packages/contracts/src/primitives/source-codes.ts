import { SOURCE_LABELS } from "../generated/source-labels.js";

/**
 * `SOURCE_LABELS`: the sources this service pulls from, code → the name people know it by: the
 * valid values of the `sources` filter (`KnownSourceCode`, published once as
 * schemas/known-source-code.schema.json), and the names the web app and the OpenAPI document show.
 * Generated from the source registry (`@tender/sources`) by `pnpm sources`, with each source's
 * document hosts (`SOURCE_DOCUMENT_HOSTS`, the downloader's defaults), since the contracts must
 * not depend on the source packages; a test fails when they differ. No other imports: the web
 * app bundles this file (through `@tender/contracts/display`).
 */
export { SOURCE_LABELS };

/** The codes of `SOURCE_LABELS`, in its order (filters, enum, CLI help). */
export const SOURCE_CODES = Object.keys(SOURCE_LABELS) as readonly (keyof typeof SOURCE_LABELS)[];
