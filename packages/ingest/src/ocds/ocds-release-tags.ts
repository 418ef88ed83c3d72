/**
 * The release's `tag` list (`tender`, `tenderAmendment`, `award`, `contract`...), read leniently
 * from the raw release: strings only, trimmed, once each. What a release announces, for the
 * mapping of notice kinds and awards.
 */
export function ocdsReleaseTags(release: unknown): string[] {
  const tag =
    typeof release === "object" && release !== null ? (release as { tag?: unknown }).tag : undefined;
  const tags = (Array.isArray(tag) ? tag : [tag]).filter((t): t is string => typeof t === "string");
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ""))];
}
