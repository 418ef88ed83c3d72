import { SOURCE_LABELS } from "../primitives/source-codes.js";

/** The name people know a source by (`ted` → "TED (EU)"); an unknown code as it is. */
export function sourceLabel(code: string): string {
  return Object.hasOwn(SOURCE_LABELS, code) ? SOURCE_LABELS[code as keyof typeof SOURCE_LABELS] : code;
}
