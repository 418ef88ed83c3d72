/** The first line of every file `pnpm sources` writes (as a comment in the file's syntax). */
export const GENERATED =
  "Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.";
