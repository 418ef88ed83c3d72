const NON_FINITE = ["-Infinity", "Infinity", "NaN"] as const;

/**
 * `JSON.parse`, and when that fails, once more with the bare `NaN` / `Infinity` / `-Infinity`
 * literals some producers write (Python's json.dump does; a real Find a Tender payload has
 * `"maximumLotsBidPerSupplier": Infinity`) replaced by `null`. Strings are left untouched.
 * Throws a `SyntaxError` when the text is not JSON either way.
 */
export function parseJsonLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const repaired = replaceNonFiniteLiterals(text);
    if (repaired === text) throw error;
    return JSON.parse(repaired);
  }
}

function replaceNonFiniteLiterals(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (inString) {
      out += char;
      if (char === "\\") {
        out += text[i + 1] ?? "";
        i += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    const literal = NON_FINITE.find((word) => text.startsWith(word, i));
    if (literal) {
      out += "null";
      i += literal.length - 1;
      continue;
    }
    out += char;
  }
  return out;
}
