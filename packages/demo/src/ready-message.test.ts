import { describe, expect, it } from "vitest";
import { readyMessage } from "./ready-message.js";

const input = {
  gatewayUrl: "http://127.0.0.1:8080",
  apiKey: "tsk_key",
  curl: {
    search: "curl search",
    notices: "curl notices",
    filtered: "curl filtered",
    browse: "curl browse",
    ask: "curl ask",
    askStream: "curl ask stream",
    card: "curl card",
    procedure: "curl procedure",
  },
  tender: { id: "t1", externalId: "821126-2025", title: "T", filename: "821126-2025-it.pdf" },
  databaseUrl: "postgres://postgres@127.0.0.1:5432/tender_demo",
  busPrefix: "demo",
  procedure: {
    notices: "083650-2026-demo-call, 083650-2026-demo-change, 083650-2026",
    timelineUrl: "http://127.0.0.1:8080/app/tenders/t2",
  },
};

describe("readyMessage", () => {
  it("lists the key, the six commands and the status command, unprefixed", () => {
    const lines = readyMessage(input).split("\n");
    expect(lines).toContain("Demo API key (shown once): tsk_key");
    for (const command of [
      "curl search",
      "curl notices",
      "curl filtered",
      "curl browse",
      "curl ask",
      "curl ask stream",
      "curl card",
      "curl procedure",
    ]) {
      expect(lines).toContain(command);
    }
    // Each command under its own heading, so it can be found and copied.
    expect(lines[lines.indexOf("curl notices") - 1]).toMatch(/^# The recorded notices: /);
    expect(lines[lines.indexOf("curl filtered") - 1]).toMatch(/^# Filtered Search: /);
    expect(lines[lines.indexOf("curl browse") - 1]).toMatch(/^# Browse: /);
    expect(lines).toContain("# The tender card of 821126-2025 (821126-2025-it.pdf downloaded and indexed)");
    expect(lines[lines.indexOf("curl procedure") - 1]).toBe(
      "# The procedure: 083650-2026-demo-call, 083650-2026-demo-change, 083650-2026, oldest first, with what each changed",
    );
    expect(lines.at(-5)).toContain("the procedure's timeline is on http://127.0.0.1:8080/app/tenders/t2");
    expect(lines).toContain(
      "DATABASE_URL=postgres://postgres@127.0.0.1:5432/tender_demo BUS_PREFIX=demo pnpm tender status",
    );
    expect(lines.at(-2)).toBe("Press Ctrl-C to stop everything.");
    // The last thing to do is a link to click: the web app.
    expect(lines.at(-4)).toBe(`${input.gatewayUrl}/app/`);
  });

  it("never prints a database password, and leaves the card out without a tender", () => {
    const text = readyMessage({
      ...input,
      databaseUrl: "postgres://app:s3cret@db:5432/tender_demo",
      curl: { ...input.curl, card: null, procedure: null },
      tender: undefined,
      procedure: undefined,
    });
    expect(text).not.toContain("s3cret");
    expect(text).toContain('DATABASE_URL="$DEMO_DATABASE_URL" BUS_PREFIX=demo pnpm tender status');
    expect(text).not.toContain("tender card");
    expect(text).not.toContain("# The procedure");
  });
});
