/** Whether a file's text is what the generator gives: JSON by value (biome lays out arrays), the rest exactly. */
export function sameFileText(path: string, actual: string, expected: string): boolean {
  if (!path.endsWith(".json")) return actual === expected;
  try {
    return JSON.stringify(JSON.parse(actual)) === JSON.stringify(JSON.parse(expected));
  } catch {
    return false;
  }
}
