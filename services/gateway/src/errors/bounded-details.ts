/** Most problems one `validation_error` lists; the rest are counted in a last entry. */
export const MAX_DETAILS = 20;
/** Longest `path` or `message` of a listed problem, in characters; a longer one is cut with `…`. */
export const MAX_DETAIL_TEXT = 200;

const cut = (text: string) =>
  text.length > MAX_DETAIL_TEXT ? `${text.slice(0, MAX_DETAIL_TEXT - 1)}…`.toWellFormed() : text;

/**
 * The `details` of an error answer, bounded (docs/api.md#errors): at most 20 problems, then one
 * entry saying how many more there were, each path and message at most 200 characters. Without
 * it, `kind` repeated 300 times answered 300 entries (34.5 KB), and a parameter name of 8 KB was
 * echoed whole in its path.
 */
export function boundedDetails(details: unknown): unknown {
  if (!Array.isArray(details)) return details;
  const listed = details.slice(0, MAX_DETAILS).map((issue: unknown) => {
    if (typeof issue !== "object" || issue === null) return issue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    return {
      ...issue,
      ...(typeof path === "string" ? { path: cut(path) } : {}),
      ...(typeof message === "string" ? { message: cut(message) } : {}),
    };
  });
  const more = details.length - listed.length;
  if (more === 0) return listed;
  return [
    ...listed,
    {
      path: "/",
      message: `${more.toLocaleString("en")} more ${more === 1 ? "problem" : "problems"} not listed (at most ${MAX_DETAILS} are)`,
    },
  ];
}
