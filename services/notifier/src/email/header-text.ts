import { showBidiControls } from "@tender/contracts/display";

/**
 * User text made safe for a mail header: every control character and line or paragraph
 * separator becomes a space (no CR/LF, so no header of its own), `=?` is broken up (no encoded
 * word, so nothing a mail client would decode into other text), bidirectional controls are shown
 * as markers (`⟨U+202E⟩`), spaces are collapsed, and the result is clipped to `maxChars` characters.
 */
export function headerText(text: string, maxChars: number): string {
  const flat = showBidiControls(text.toWellFormed())
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what a header must not carry.
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ")
    .replace(/=\?/g, "= ?")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...flat];
  return chars.length <= maxChars ? flat : `${chars.slice(0, maxChars - 1).join("")}…`;
}
