/**
 * The sources this service pulls from: the valid values of the `sources` filter (and so of the
 * OpenAPI enum). The source registry (`@tender/sources`) lists one definition per code; a test
 * keeps the two equal, since the contracts must not depend on the source packages.
 */
export const SOURCE_CODES = ["ted", "contracts_finder", "find_a_tender"] as const;
export type KnownSourceCode = (typeof SOURCE_CODES)[number];
