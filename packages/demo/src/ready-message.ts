import type { DemoCurlCommands, DemoTender } from "./demo-requests.js";

export interface ReadyMessageInput {
  gatewayUrl: string;
  apiKey: string;
  curl: DemoCurlCommands;
  tender: DemoTender | undefined;
  /** The demo's database URL and bus prefix, for the `tender status` example. */
  databaseUrl: string;
  busPrefix: string;
  /** The demo procedure: its notice ids for the heading, and its tender page in the web app. */
  procedure?: { notices: string; timelineUrl: string };
  /** Alerts the demo's receiver got so far, and the saved search's feed (none: it was not made). */
  alerts?: { received: number; feedUrl: string | undefined };
}

/**
 * What the demo prints once the data is indexed: the key and the commands, without log prefixes
 * so they can be copied as they are. A database URL with a password is shown as
 * `$DEMO_DATABASE_URL`, never in clear.
 */
export function readyMessage(input: ReadyMessageInput): string {
  const databaseUrl = new URL(input.databaseUrl).password === "" ? input.databaseUrl : '"$DEMO_DATABASE_URL"';
  return [
    "",
    `The demo is ready. Gateway: ${input.gatewayUrl} (API docs: ${input.gatewayUrl}/docs)`,
    `Demo API key (shown once): ${input.apiKey}`,
    "",
    "# Search: fragments closest to the query, with the attachment they come from",
    input.curl.search,
    "",
    "# The recorded notices: Search matches their own fields too (the recorded pages of every source)",
    input.curl.notices,
    "",
    "# Filtered Search: the same query, German notices in CPV division 72 (IT services) only",
    input.curl.filtered,
    "",
    "# Browse: French notices in CPV division 72, soonest deadline first (next_cursor pages on)",
    input.curl.browse,
    "",
    "# Ask: an answer grounded in the fragments, which come back as sources",
    input.curl.ask,
    "",
    "# The same Ask streamed: sources first, then the answer word by word (event: delta), then done",
    input.curl.askStream,
    "",
    ...(input.curl.card && input.tender
      ? [
          `# The tender card of ${input.tender.externalId} (${input.tender.filename} downloaded and indexed)`,
          input.curl.card,
          "",
        ]
      : []),
    ...(input.curl.procedure && input.procedure
      ? [
          `# The procedure: ${input.procedure.notices}, oldest first, with what each changed`,
          input.curl.procedure,
          "",
        ]
      : []),
    ...(input.alerts?.feedUrl
      ? [
          `# Alerts: ${input.alerts.received} webhook call(s) received so far (printed above); the first saved search's as an Atom feed, no key needed`,
          `curl -s ${input.alerts.feedUrl}`,
          "",
        ]
      : []),
    "# The operator's view (with /opt/node24/bin on PATH)",
    `DATABASE_URL=${databaseUrl} BUS_PREFIX=${input.busPrefix} pnpm tender status`,
    "",
    input.procedure
      ? `# The web app: open it in a browser and paste the demo API key; the procedure's timeline is on ${input.procedure.timelineUrl}`
      : "# The web app: open it in a browser and paste the demo API key",
    `${input.gatewayUrl}/app/`,
    "",
    "Press Ctrl-C to stop everything.",
    "",
  ].join("\n");
}
