import { unstorableTextProblem } from "@tender/contracts";

/** Where a value holds text PostgreSQL cannot store, and why. */
export interface UnstorableText {
  /** Dot path of the string or key, e.g. `title`, `raw_payload.tender.documents.0.url`. */
  path: string;
  problem: string;
}

/**
 * The first string or key in `value` that PostgreSQL cannot store (a NUL character, a lone
 * surrogate), or `null` when there is none. Walks without recursion, so any nesting is safe.
 * Such a record must be quarantined: stored, it would fail its whole page.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: [unknown, string][] = [[value, ""]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [item, path] = top;
    if (typeof item === "string") {
      const problem = unstorableTextProblem(item);
      if (problem !== null) return { path: path || "(value)", problem };
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    // Pushed in reverse, so the first member in document order is looked at first.
    for (const [key, member] of Object.entries(item).reverse()) {
      const at = path === "" ? key : `${path}.${key}`;
      const problem = unstorableTextProblem(key);
      if (problem !== null) return { path: at, problem };
      stack.push([member, at]);
    }
  }
  return null;
}
