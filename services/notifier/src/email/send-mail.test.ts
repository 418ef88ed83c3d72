import { EmailAddress, isEmailAddress } from "@tender/contracts";
import type { ListedMatch } from "@tender/db";
import { type SmtpSink, startSmtpSink } from "@tender/smtp-sink";
import fc from "fast-check";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerText } from "./header-text.js";
import { renderDigest } from "./render-digest.js";
import { type MailTransport, smtpTransport } from "./send-mail.js";

// Mails go through nodemailer to a real SMTP server on 127.0.0.1 and are read back by
// mailparser: what a mail client would see, not what the renderer meant.
let sink: SmtpSink;
let transport: MailTransport;
beforeAll(async () => {
  sink = await startSmtpSink();
  transport = smtpTransport({ url: sink.url, from: "alerts@example.org", maxConnections: 2 });
});
afterAll(async () => {
  transport.close();
  await sink.close();
});

const NOW = new Date("2026-11-26T07:00:00Z");
const UNSUBSCRIBE = "https://tenders.example.org/api/v1/email/unsubscribe?token=u1.abc";

function match(
  title: string,
  snippet: string,
  buyer: string,
  sourceUrl = "https://ted.europa.eu/n/1",
): ListedMatch {
  return {
    alert_id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90",
    reason: "match",
    tender: {
      id: "9a0f5d2e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
      source: "ted",
      external_id: "X-1",
      title,
      buyer_name: buyer,
      amount: null,
      currency: null,
      published_at: "2026-11-20T00:00:00.000Z",
      deadline: "2026-11-29T12:00:00.000Z",
      source_url: sourceUrl,
      procedure_id: "0b1c2d3e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
      kind: "competition",
      superseded_by: null,
      countries: [],
      cpv_codes: [],
      index_status: "ready",
    },
    score: 0.8,
    snippet,
    attachment: null,
    matched_at: "2026-11-26T06:00:00.000Z",
    procedure_id: null,
    changes: null,
    awards: null,
    position: { key: "2026-11-26T06:00:00.000000Z", id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90" },
  };
}

/** A header's value as sent (unfolded), from the raw lines; undefined when absent. */
function header(mail: { parsed: { headerLines: readonly { key: string; line: string }[] } }, key: string) {
  const line = mail.parsed.headerLines.find((h) => h.key === key)?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

async function sendDigest(
  name: string,
  m: ListedMatch,
  to = "reader@example.org",
  followUps: ListedMatch[] = [],
) {
  const before = sink.received.length;
  const rendered = renderDigest({
    savedSearchName: name,
    frequency: "daily",
    address: to,
    content: {
      newMatches: followUps.length > 0 ? [] : [m],
      newMatchCount: followUps.length > 0 ? 0 : 1,
      followUps,
      followUpCount: followUps.length,
      closingSoon: [],
    },
    now: NOW,
    tenderPageUrl: (id) => `https://tenders.example.org/app/tenders/${id}`,
    unsubscribeUrl: UNSUBSCRIBE,
  });
  const failure = await transport.send({
    ...rendered,
    to,
    messageId: "<m1@example.org>",
    unsubscribeUrl: UNSUBSCRIBE,
  });
  expect(failure).toBeUndefined();
  const [mail] = await sink.waitFor(before + 1).then((all) => all.slice(before));
  return { mail: mail as NonNullable<typeof mail>, rendered };
}

// Text built to break headers: line breaks, encoded words, header names, markup.
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc
    .array(
      fc.constantFrom(
        "\r\n",
        "\n",
        "\r",
        "Bcc: victim@example.net",
        "=?utf-8?b?QmNjOiB4QHkuego=?=",
        "=?UTF-8?Q?=0D=0ABcc:_x@y.z?=",
        "<script>alert(1)</script>",
        "\u2028",
        "\u0085",
        "\u0000",
        "Subject: forged",
        "é",
        " ",
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join("")),
);

describe("a digest mail", () => {
  it("keeps hostile saved search names and tender titles out of the headers", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (name, title, snippet) => {
        const { mail, rendered } = await sendDigest(name, match(title || "T", snippet || "S", "City"));
        const { parsed } = mail;
        expect(parsed.subject).toBe(rendered.subject);
        expect(rendered.subject).toBe(`1 new tender for “${headerText(name, 80)}”`);
        expect(rendered.subject).not.toMatch(/[\r\n]|=\?/);
        expect(parsed.headers.has("bcc")).toBe(false);
        expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
        expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([
          "reader@example.org",
        ]);
        expect(mail.to).toEqual(["reader@example.org"]);
        // Every header is one the notifier writes: none came from user text.
        expect(parsed.headerLines.map((h) => h.key).sort()).toEqual(
          [
            "auto-submitted",
            "content-type",
            "date",
            "from",
            "list-unsubscribe",
            "list-unsubscribe-post",
            "message-id",
            "mime-version",
            "subject",
            "to",
          ].sort(),
        );
        expect(parsed.html || "").not.toContain("<script");
      }),
      { numRuns: 40 },
    );
  });

  it("has both parts with the title, buyer, deadline, fragment, links and the unsubscribe link", async () => {
    const { mail } = await sendDigest(
      "Roads",
      match("Bridge <repair> & paint", "Painting the old\nrailway bridge.", "City of Tartu"),
    );
    const { parsed } = mail;
    expect(parsed.from?.value[0]).toEqual({ name: "Tender search", address: "alerts@example.org" });
    expect(header(mail, "list-unsubscribe")).toBe(`<${UNSUBSCRIBE}>`);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(parsed.text).toContain("1. Bridge <repair> & paint");
    expect(parsed.text).toContain("Buyer: City of Tartu");
    expect(parsed.text).toContain("Deadline: 2026-11-29 (closes in 3 days)");
    expect(parsed.text).toContain("“Painting the old railway bridge.”");
    expect(parsed.text).toContain("Notice: https://ted.europa.eu/n/1");
    expect(parsed.text).toContain(
      "Details: https://tenders.example.org/app/tenders/9a0f5d2e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
    );
    expect(parsed.text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(parsed.html).toContain("Bridge &lt;repair&gt; &amp; paint");
    expect(parsed.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(parsed.html).not.toMatch(/<img|src=/i);
    expect(parsed.text).not.toContain("CPV:");
  });

  it("lists a tender's first CPV codes with their English labels in both parts", async () => {
    const m = match("Roads", "Resurfacing.", "City");
    const codes = ["45233141", "45000000", "99999999", "72000000"];
    const { mail } = await sendDigest("Roads", { ...m, tender: { ...m.tender, cpv_codes: codes } });
    const line = "CPV: 45233141 Road-maintenance works; 45000000 Construction work; 99999999, and 1 more";
    expect(mail.parsed.text).toContain(`   ${line}`);
    expect(mail.parsed.html).toContain(line);
  });

  it("shows bidirectional controls as visible markers in the subject and both parts", async () => {
    const { mail } = await sendDigest(
      "Roads \u202Egnp.exe",
      match("Bridge \u2066paint\u2069", "Old \u202Ebridge", "City \u200Fof Tartu"),
    );
    const { parsed } = mail;
    for (const part of [parsed.subject ?? "", parsed.text ?? "", String(parsed.html)]) {
      expect(part).not.toMatch(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    }
    expect(parsed.subject).toContain("Roads ⟨U+202E⟩gnp.exe");
    expect(parsed.text).toContain("Bridge ⟨U+2066⟩paint⟨U+2069⟩");
    expect(parsed.text).toContain("Buyer: City ⟨U+200F⟩of Tartu");
    expect(parsed.html).toContain("Old ⟨U+202E⟩bridge");
  });

  it("lists follow-ups as updates: what happened, what changed, in the subject and both parts", async () => {
    const changed: ListedMatch = {
      ...match("Bridge <repair>", "S", "City"),
      reason: "changed",
      procedure_id: "0b1c2d3e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
      changes: [
        { field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" },
        { field: "title", from: "<script>x</script>", to: "Bridge <repair>" },
      ],
    };
    const awarded: ListedMatch = { ...match("Road works", "S", "City"), reason: "awarded" };
    const { mail, rendered } = await sendDigest("Roads", changed, "reader@example.org", [changed, awarded]);
    expect(rendered.subject).toBe("2 updates for “Roads”");
    const { parsed } = mail;
    expect(parsed.text).toContain("Updates to tenders this saved search matched:");
    expect(parsed.text).toContain("- Changed: Bridge <repair>");
    expect(parsed.text).toContain(
      "  deadline 29 Oct 2026 → 4 Nov 2026; title “<script>x</script>” → “Bridge <repair>”",
    );
    expect(parsed.text).toContain("- Awarded: Road works");
    expect(parsed.text).not.toContain("new tender");
    expect(parsed.html).toContain("Changed: Bridge &lt;repair&gt;");
    expect(parsed.html).toContain("deadline 29 Oct 2026 → 4 Nov 2026");
    expect(parsed.html).not.toContain("<script");
  });

  it("says who won an awarded follow-up and at what price, hostile names shown as text", async () => {
    const award = (names: (string | null)[], value: string | null) => ({
      lot: null,
      winners: names.map((name) => ({ organisation_id: null, name, identifier: null, country: null })),
      value,
      currency: "EUR",
      decided_at: null,
      contract_signed_at: null,
      contract_end: null,
      tenders_received: null,
    });
    const awarded: ListedMatch = {
      ...match("Road works", "S", "City"),
      reason: "awarded",
      awards: [award(["Mint Health Limited"], "239689.54")],
    };
    const { mail } = await sendDigest("Roads", awarded, "reader@example.org", [awarded]);
    expect(mail.parsed.text).toContain(
      "- Awarded: Road works\n  Awarded to Mint Health Limited — EUR 239,689.54\n",
    );
    expect(mail.parsed.html).toContain("Awarded to Mint Health Limited — EUR 239,689.54");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(hostile), { minLength: 1, maxLength: 4 }), async (names) => {
        const hostileAward: ListedMatch = {
          ...awarded,
          awards: [award(names, "1.00"), award(["\u202Egnp.exe"], null)],
        };
        const { mail: m } = await sendDigest("Roads", hostileAward, "reader@example.org", [hostileAward]);
        const line = (m.parsed.text ?? "").split("\n").find((l) => l.startsWith("  Awarded")) ?? "";
        expect(line).toMatch(/^ {2}Awarded(,| to) .* — EUR \d/);
        // Plain text may say "<script>"; the HTML part only as escaped text.
        for (const part of [m.parsed.text ?? "", String(m.parsed.html)]) {
          expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
        }
        expect(String(m.parsed.html)).not.toContain("<script");
        expect(m.parsed.headers.get("bcc")).toBeUndefined();
      }),
      { numRuns: 25 },
    );
  });

  it("does not link a notice whose address is not http(s)", async () => {
    const { mail } = await sendDigest("Roads", match("T", "S", "B", "javascript:alert(1)"));
    expect(mail.parsed.html).not.toContain("javascript:");
    expect(mail.parsed.text).not.toContain("javascript:");
  });
});

describe("email addresses", () => {
  it("refuses anything that could carry a header, an encoded word or a second recipient", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), hostile, (local, noise) => {
        for (const text of [`${local}@example.org`, `a${noise}b@example.org`, `a@exa${noise}mple.org`]) {
          if (!isEmailAddress(text)) continue;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters an address must never hold.
          expect(text).not.toMatch(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029,;<>"()?]/);
          expect(text.length).toBeLessThanOrEqual(254);
        }
      }),
      { numRuns: 500 },
    );
    for (const bad of [
      "a@b.c\r\nBcc: x@y.z",
      "=?utf-8?q?x?=@example.org",
      "a@example.org, b@example.org",
      "Name <a@example.org>",
      '"a b"@example.org',
      "a@[127.0.0.1]",
      "a@localhost",
      "josé@example.org",
      "a@exämple.org",
      `${"a".repeat(65)}@example.org`,
      `a@${"b".repeat(250)}.org`,
      "a..b@example.org",
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
    expect(v.parse(EmailAddress, " Ann.Lee+tenders@Example.ORG ")).toBe("Ann.Lee+tenders@example.org");
    expect(isEmailAddress("ann@xn--exmple-cua.org")).toBe(true);
  });

  it("sends an accepted address to that one recipient, whatever it holds", async () => {
    const atext = fc.constantFrom(..."abcXYZ09!#$%&'*+/=^_`{|}~-".split(""));
    const local = fc
      .array(fc.string({ unit: atext, minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join("."));
    await fc.assert(
      fc.asyncProperty(local, async (localPart) => {
        const to = `${localPart}@example.org`;
        expect(isEmailAddress(to)).toBe(true);
        const { mail } = await sendDigest("Roads", match("T", "S", "B"), to);
        expect(mail.to).toEqual([to]);
      }),
      { numRuns: 25 },
    );
  });
});
