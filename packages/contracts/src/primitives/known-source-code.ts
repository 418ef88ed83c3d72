import * as v from "valibot";
import { SOURCE_CODES } from "./source-codes.js";

const CHOICE = `${SOURCE_CODES.slice(0, -1).join(", ")} or ${SOURCE_CODES.at(-1)}`;

/**
 * A source this service pulls from (`ted`, `contracts_finder`...), as a filter names it. Published
 * once, as schemas/known-source-code.schema.json, which the schemas holding `filters` refer to:
 * a new source changes that file only.
 */
export const KnownSourceCode = v.picklist(SOURCE_CODES, `Must be ${CHOICE}`);
export type KnownSourceCode = v.InferOutput<typeof KnownSourceCode>;
