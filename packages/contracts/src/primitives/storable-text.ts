/**
 * Why PostgreSQL cannot store this text, or `null` when it can. It stores no NUL character
 * (U+0000) in text or jsonb, and jsonb refuses a lone UTF-16 surrogate (half of a pair, not a
 * character); in a text column the driver would silently turn one into U+FFFD.
 */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000), which the database cannot store";
  if (!text.isWellFormed()) {
    return "contains a lone UTF-16 surrogate (half of a character), which the database cannot store";
  }
  return null;
}

/** The text with each NUL character and each lone surrogate replaced by U+FFFD, so PostgreSQL stores it. */
export function toStorableText(text: string): string {
  return text.toWellFormed().replaceAll("\u0000", "\uFFFD");
}
