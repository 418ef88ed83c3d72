import { showBidiControls } from "@tender/contracts/display";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text as HTML content or a quoted attribute value: markup escaped, control characters dropped,
 * bidirectional controls shown as markers (`⟨U+202E⟩`), so a buyer cannot pose as `gnp.exe`.
 */
export function htmlText(text: string): string {
  return (
    showBidiControls(text.toWellFormed())
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a mail part has no use for them.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
      .replace(/[&<>"']/g, (c) => ESCAPES[c] as string)
  );
}

/** Text for the plain-text part: control characters other than line breaks and tabs dropped, bidirectional controls shown as markers. */
export function plainText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a mail part has no use for them.
  return showBidiControls(text.toWellFormed()).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
}

/** One line of plain text: line breaks and runs of spaces become one space. */
export function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, " ").trim();
}

/** At most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
