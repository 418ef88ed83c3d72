const NON_FINITE = ["-Infinity", "Infinity", "NaN"] as const;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// An exponent of three digits or more may overflow a double; only then is the text scanned again.
const BIG_EXPONENT = /[eE]\+?\d{3}/;

/**
 * `JSON.parse`, made safe for the non-finite values some producers write: bare `NaN` /
 * `Infinity` / `-Infinity` literals (Python's json.dump writes them; a real Find a Tender payload
 * has `"maximumLotsBidPerSupplier": Infinity`) and numbers past a double such as `1e9999` (Find a
 * Tender has served it; `JSON.parse` makes it Infinity, which no decimal column takes) are read
 * as `null`. Strings are left untouched. Throws a `SyntaxError` when the text is not JSON either way.
 */
export function parseJsonLenient(text: string): unknown {
  try {
    const parsed = JSON.parse(text) as unknown;
    return BIG_EXPONENT.test(text) ? JSON.parse(replaceNonFinite(text)) : parsed;
  } catch (error) {
    const repaired = replaceNonFinite(text);
    if (repaired === text) throw error;
    return JSON.parse(repaired);
  }
}

function replaceNonFinite(text: string): string {
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
    if (char === "-" || (char >= "0" && char <= "9")) {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text)?.[0];
      if (number !== undefined) {
        out += Number.isFinite(Number(number)) ? number : "null";
        i += number.length - 1;
        continue;
      }
    }
    out += char;
  }
  return out;
}
