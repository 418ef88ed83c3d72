import { showBidiControls } from "@tender/contracts/display";
import type { CpvLanguage } from "@tender/cpv";
import type { ListedMatch } from "@tender/db";
import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { renderAtomFeed, xmlText } from "./atom-feed.js";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (n) => n === "entry",
});
// What XML 1.0 can carry of a text: controls other than tab, LF and CR, and U+FFFE/U+FFFF, cannot;
// bidirectional controls are shown as markers.
const visible = (text: string) =>
  [...showBidiControls(text.toWellFormed())]
    .map((ch) => {
      const code = ch.codePointAt(0) as number;
      const forbidden =
        (code < 0x20 && code !== 0x9 && code !== 0xa && code !== 0xd) || code === 0xfffe || code === 0xffff;
      return forbidden ? "\uFFFD" : ch;
    })
    .join("");

// Any character, with bidirectional controls often enough to meet them in every run.
const withBidi = fc.oneof(
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.constantFrom("\u202E", "\u2066", "\u200F", "\u061C"),
);

const TENDER: ListedMatch["tender"] = {
  id: "9a0f5d2e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
  source: "ted",
  external_id: "X-1",
  title: "",
  buyer_name: "City",
  amount: null,
  currency: null,
  published_at: "2026-01-01T00:00:00.000Z",
  deadline: null,
  source_url: "https://ted.europa.eu/notice?a=1&b=2",
  countries: [],
  cpv_codes: [],
  index_status: "ready",
  procedure_id: null,
  kind: "competition",
  superseded_by: null,
};

function feed(
  title: string,
  snippet: string,
  name = "Roads",
  followUp: Partial<ListedMatch> = {},
  labelLanguage?: CpvLanguage,
) {
  return renderAtomFeed({
    ...(labelLanguage ? { labelLanguage } : {}),
    savedSearch: {
      id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90",
      name,
      created_at: new Date("2026-01-01T00:00:00Z"),
    },
    selfUrl: "https://api.example.org/api/v1/feeds/abc?x=1&y=<2>",
    matches: [
      {
        alert_id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90",
        reason: "match",
        tender: { ...TENDER, title },
        score: 0.5,
        snippet,
        attachment: null,
        matched_at: "2026-01-02T03:04:05.678Z",
        procedure_id: null,
        changes: null,
        awards: null,
        position: { key: "2026-01-02T03:04:05.678000Z", id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90" },
        ...followUp,
      },
    ],
  });
}

describe("the Atom feed", () => {
  it("is well-formed XML whose texts read back as stored, whatever the stored text holds", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: withBidi, minLength: 1, maxLength: 80 }),
        fc.string({ unit: "binary", minLength: 1, maxLength: 300 }),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }),
        (title, snippet, name) => {
          const xml = feed(title, snippet, name);
          expect(XMLValidator.validate(xml)).toBe(true);
          const parsed = new XMLParser({
            ignoreAttributes: false,
            isArray: (n) => n === "entry",
            trimValues: false,
            parseTagValue: false,
            processEntities: true,
            htmlEntities: true,
          }).parse(xml);
          expect(parsed.feed.entry[0].title).toBe(visible(title));
          expect(parsed.feed.entry[0].summary).toBe(visible(snippet));
          expect(parsed.feed.title).toBe(visible(name));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("escapes markup so no text can open an element", () => {
    expect(xmlText(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    const xml = feed("</title><entry><id>forged</id></entry>", "x");
    const parsed = parser.parse(xml);
    expect(parsed.feed.entry).toHaveLength(1);
    expect(parsed.feed.entry[0].title).toBe("</title><entry><id>forged</id></entry>");
    expect(parsed.feed.link["@href"]).toBe("https://api.example.org/api/v1/feeds/abc?x=1&y=<2>");
  });

  it("shows bidirectional controls in titles, names and matches as visible markers", () => {
    const xml = feed("Invoice\u202Efdp.exe", "see \u2067gnp\u2069.exe\u200F", "\u202Bgnp.exe");
    expect(xml).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    const parsed = parser.parse(xml);
    expect(parsed.feed.entry[0].title).toBe("Invoice⟨U+202E⟩fdp.exe");
    expect(parsed.feed.entry[0].summary).toBe("see ⟨U+2067⟩gnp⟨U+2069⟩.exe⟨U+200F⟩");
    expect(parsed.feed.title).toBe("⟨U+202B⟩gnp.exe");
  });

  it("marks follow-ups in the entry title, and starts their summary with what changed", () => {
    const changed = parser.parse(
      feed("Road works", "Resurfacing.", "Roads", {
        reason: "changed",
        procedure_id: "0b1c2d3e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
        changes: [{ field: "deadline", from: "2026-10-29T10:00:00.000Z", to: "2026-11-04T10:00:00.000Z" }],
      }),
    );
    expect(changed.feed.entry[0].title).toBe("Changed: Road works");
    expect(changed.feed.entry[0].summary).toBe("deadline 29 Oct 2026 → 4 Nov 2026\n\nResurfacing.");
    const awarded = parser.parse(feed("Road works", "Resurfacing.", "Roads", { reason: "awarded" }));
    expect(awarded.feed.entry[0].title).toBe("Awarded: Road works");
    expect(awarded.feed.entry[0].summary).toBe("Resurfacing.");
    // Changed titles come from notices: any text stays well-formed and reads back.
    fc.assert(
      fc.property(fc.string({ unit: withBidi, minLength: 1, maxLength: 80 }), (title) => {
        const xml = feed("T", "x", "Roads", {
          reason: "changed",
          changes: [{ field: "title", from: title, to: "New" }],
        });
        expect(XMLValidator.validate(xml)).toBe(true);
        const exact = new XMLParser({
          isArray: (n) => n === "entry",
          trimValues: false,
          parseTagValue: false,
          htmlEntities: true,
        });
        expect(exact.parse(xml).feed.entry[0].summary).toBe(visible(`title “${title}” → “New”\n\nx`));
      }),
      { numRuns: 200 },
    );
  });

  it("says who won an awarded follow-up and at what price; hostile winner names stay text", () => {
    const winner = (name: string | null) => ({
      organisation_id: null,
      name,
      identifier: null,
      country: null,
    });
    const award = (names: (string | null)[], value: string | null, currency: string | null) => ({
      lot: null,
      winners: names.map(winner),
      value,
      currency,
      decided_at: null,
      contract_signed_at: null,
      contract_end: null,
      tenders_received: null,
    });
    const awarded = parser.parse(
      feed("Road works", "Resurfacing.", "Roads", {
        reason: "awarded",
        awards: [award(["Mint Health Limited"], "239689.54", "EUR")],
      }),
    );
    expect(awarded.feed.entry[0].summary).toBe(
      "Awarded to Mint Health Limited — EUR 239,689.54\n\nResurfacing.",
    );
    const lots = parser.parse(
      feed("Road works", "Resurfacing.", "Roads", {
        reason: "awarded",
        awards: [award(["A & Co", "B"], "10.00", "EUR"), award(["C"], "5.50", "EUR")],
      }),
    );
    expect(lots.feed.entry[0].summary).toBe(
      "Awarded to A & Co, B and 1 other — EUR 15.50 in total, 2 lots\n\nResurfacing.",
    );
    // A match never shows awards, even if some were given.
    const match = parser.parse(feed("T", "x", "Roads", { awards: [award(["Z"], "1.00", "EUR")] }));
    expect(match.feed.entry[0].summary).toBe("x");
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.string({ unit: withBidi, minLength: 1, maxLength: 1000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.option(fc.stringMatching(/^\d{1,18}\.\d{2}$/)),
        (names, value) => {
          const xml = feed("T", "x", "Roads", { reason: "awarded", awards: [award(names, value, "EUR")] });
          expect(XMLValidator.validate(xml)).toBe(true);
          expect(xml).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
          const summary = parser.parse(xml).feed.entry[0].summary as string;
          expect(summary.startsWith("Awarded")).toBe(true);
          expect([...summary].length).toBeLessThanOrEqual(1000);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives each entry a category per CPV code, labelled in the feed's language, after its source", () => {
    const tender = { ...TENDER, title: "T", cpv_codes: ["45233141", "99999999"] };
    const categories = (lang?: CpvLanguage) =>
      parser.parse(feed("T", "s", "Roads", { tender }, lang)).feed.entry[0].category;
    const scheme = "http://data.europa.eu/cpv/cpv";
    expect(categories()).toEqual([
      { "@term": "ted" },
      { "@term": "45233141", "@scheme": scheme, "@label": "Road-maintenance works" },
      { "@term": "99999999", "@scheme": scheme },
    ]);
    expect(categories("fra")[1]).toEqual({
      "@term": "45233141",
      "@scheme": scheme,
      "@label": "Travaux d'entretien routier",
    });
    expect(parser.parse(feed("T", "s")).feed.entry[0].category).toEqual({ "@term": "ted" });
  });

  it("shortens a long match to a summary of at most 1000 characters", () => {
    const parsed = parser.parse(feed("T", "é".repeat(5000)));
    expect([...parsed.feed.entry[0].summary]).toHaveLength(1000);
  });
});
