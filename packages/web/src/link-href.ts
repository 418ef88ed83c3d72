/**
 * The `href` for a URL from API data, or undefined when it must not be a link: only absolute
 * `http:` and `https:` URLs are. The URL is read as the browser reads an `href` (leading and
 * trailing spaces and controls dropped, tabs and line breaks removed, scheme case ignored), so
 * ` javascript:`, `JaVaScRiPt:` and `java\tscript:` are all seen as `javascript:`, and the
 * returned text is the URL as parsed, which the browser reads back the same way.
 */
export function linkHref(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
}
