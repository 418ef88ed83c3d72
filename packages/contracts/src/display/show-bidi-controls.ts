// The characters that reorder the text around them: the Arabic letter mark, the left-to-right and
// right-to-left marks, the embeddings and overrides (U+202A–U+202E), and the isolates
// (U+2066–U+2069). In a title or a name they can make `exe.pdf` read as `fdp.exe`.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` with every bidirectional control character replaced by a visible marker such as
 * `⟨U+202E⟩`, for showing text from a source or a user to a person (web app, feed, mail): what the
 * source sent stays readable, and none of it can reorder what is shown around it. Stored text
 * and API responses keep the characters as sent.
 */
export function showBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (c) => `⟨U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}⟩`,
  );
}
