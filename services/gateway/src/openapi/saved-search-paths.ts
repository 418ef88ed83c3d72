import { type BrowsePathHelpers, ID_PARAMETER, pageParameters } from "./browse-paths.js";

const PAGING = pageParameters(
  100,
  20,
  "`next_cursor` of the previous page, unchanged; it only continues the same saved search.",
);
const TOKEN = {
  name: "token",
  in: "query",
  required: true,
  description: "The token from the link in the mail, unchanged.",
  schema: { type: "string", maxLength: 200 },
};
const HTML = { "text/html": { schema: { type: "string" } } };
const COUNTED = "Counted in the allowance of Search and Ask. Another key's saved search is 404.";

/** The saved-search paths and the key-less Atom feed (docs/api.md#saved-searches, docs/api.md#atom-feeds). */
export function savedSearchPaths(
  h: BrowsePathHelpers & { ref(name: string): unknown },
): Record<string, unknown> {
  const ok = (description: string, schema: string | null) => ({
    description,
    headers: { "X-Request-ID": h.header("XRequestId"), ...h.rateHeaders },
    ...(schema ? { content: h.json(schema) } : {}),
  });
  const failures = (extra: string[] = []) =>
    h.errors(["401", "403", "404", "405", "422", "429", "500", "503", ...extra].sort());
  const operation = (operationId: string, summary: string, description: string) => ({
    tags: ["alerts"],
    operationId,
    summary,
    description: `${description} ${COUNTED}`,
    security: [{ ApiKey: [] }],
  });
  return {
    "/api/v1/saved-searches": {
      post: {
        ...operation(
          "createSavedSearch",
          "Save a search to be alerted about new matching tenders",
          "The query is embedded now. `min_score` defaults to MIN_RELEVANCE_SCORE. `webhook_url` must be https (http only when the operator allows it) and needs the server's WEBHOOK_SECRET_KEY. `webhook_secret` is shown only in this answer; `feed_url` is shown again in later answers when the server has WEBHOOK_SECRET_KEY (the token is kept sealed under it), else only here. Beyond SAVED_SEARCHES_PER_KEY saved searches: 422. `email` (needs WEBHOOK_SECRET_KEY) mails a confirmation link to `to` first; nothing else is sent before it is followed. An address this key already confirmed is confirmed at once. At most 5 confirmation mails per key and 3 per address in an hour: 429 beyond, and nothing is saved.",
        ),
        requestBody: { required: true, content: h.json("SavedSearchRequest") },
        responses: {
          "201": ok("Saved.", "SavedSearchCreated"),
          ...failures(["413", "415"]),
        },
      },
      get: {
        ...operation("listSavedSearches", "The key's saved searches, newest first", ""),
        responses: {
          "200": ok(
            "The saved searches. `feed_url` is null when the server cannot show it again: no WEBHOOK_SECRET_KEY, a key changed since, or a saved search older than sealed tokens (replace its token to get one).",
            "SavedSearchList",
          ),
          ...failures(),
        },
      },
    },
    "/api/v1/saved-searches/{id}": {
      get: {
        ...operation("getSavedSearch", "One saved search", ""),
        parameters: [ID_PARAMETER],
        responses: {
          "200": ok(
            "The saved search. `feed_url` is null when the server cannot show it again (see the list).",
            "SavedSearch",
          ),
          ...failures(),
        },
      },
      delete: {
        ...operation("deleteSavedSearch", "Delete a saved search and its matches", ""),
        parameters: [ID_PARAMETER],
        responses: { "204": ok("Deleted.", null), ...failures() },
      },
    },
    "/api/v1/saved-searches/{id}/matches": {
      get: {
        ...operation(
          "listMatches",
          "The tenders a saved search matched, and its follow-ups, newest first",
          "Each item shows the tender and its best fragment for the query. `reason` is `match`, or for a follow-up (a later change, modification, result or cancellation of a procedure the saved search matched) `changed`, `awarded` or `cancelled`, with `procedure_id` and `changes`.",
        ),
        parameters: [ID_PARAMETER, ...PAGING],
        responses: {
          "200": ok("One page; `next_cursor` is null on the last.", "SavedSearchMatchList"),
          ...failures(),
        },
      },
    },
    "/api/v1/saved-searches/{id}/feed-token": {
      post: {
        ...operation(
          "replaceFeedToken",
          "Give the Atom feed a new address",
          "The old address stops working at once. No body is read.",
        ),
        parameters: [ID_PARAMETER],
        responses: { "200": ok("The saved search with its new `feed_url`.", "SavedSearch"), ...failures() },
      },
    },
    "/api/v1/feeds/{token}": {
      get: {
        tags: ["alerts"],
        operationId: "feed",
        summary: "Atom 1.0 feed of a saved search's latest 50 matches",
        security: [],
        description:
          "No API key: the token in the address is the credential (feed readers cannot send headers). Reads are bounded per feed (FEED_READS_PER_MINUTE, 429 with Retry-After beyond; the `X-RateLimit-*` headers describe this bound), never counted in the allowance of the key that owns the saved search. An unknown token, or one whose key is disabled, is 404. The `self` link is built on the server's PUBLIC_BASE_URL when it has one.",
        parameters: [
          {
            name: "token",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" },
          },
        ],
        responses: {
          "200": {
            description: "The feed.",
            headers: { "X-Request-ID": h.header("XRequestId"), ...h.rateHeaders },
            content: { "application/atom+xml": { schema: { type: "string" } } },
          },
          ...h.errors(["404", "405", "429", "500", "503"]),
        },
      },
    },
    "/api/v1/email/confirm": emailLinkPaths({
      pageId: "emailConfirmPage",
      pageSummary: "The page a mail's confirmation link opens",
      actionId: "confirmEmail",
      actionSummary: "Confirm the address of a saved search's email digest",
      action: "The page's button.",
    }),
    "/api/v1/email/unsubscribe": emailLinkPaths({
      pageId: "emailUnsubscribePage",
      pageSummary: "The page a mail's unsubscribe link opens",
      actionId: "unsubscribeEmail",
      actionSummary: "Stop a saved search's email digest",
      action:
        "The page's button, or a mail client's one-click unsubscribe (RFC 8058: a form body `List-Unsubscribe=One-Click`).",
    }),
  };
}

/** A mail link's two operations: GET shows a page and changes nothing, POST does what it says. */
function emailLinkPaths(link: {
  pageId: string;
  pageSummary: string;
  actionId: string;
  actionSummary: string;
  action: string;
}) {
  const common = { tags: ["alerts"], security: [], parameters: [TOKEN] };
  const broken = { description: "The link does not work.", content: HTML };
  return {
    get: {
      ...common,
      operationId: link.pageId,
      summary: link.pageSummary,
      description:
        "No API key: the signed token is the credential. Shows a page with a button and changes nothing (mail scanners follow links). An unknown, altered or expired token is a 404 page.",
      responses: { "200": { description: "The page.", content: HTML }, "404": broken },
    },
    post: {
      ...common,
      operationId: link.actionId,
      summary: link.actionSummary,
      description: `No API key: the signed token is the credential. ${link.action}`,
      responses: {
        "200": { description: "Done (doing it again is not an error).", content: HTML },
        "404": broken,
      },
    },
  };
}
