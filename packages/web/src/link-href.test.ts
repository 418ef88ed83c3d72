import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkHref } from "./link-href.js";

// What a browser drops or ignores in an href: C0 controls and spaces at the ends, tabs and line
// breaks anywhere, the case of the scheme.
const junkAtEnds = fc.string({
  unit: fc.constantFrom(" ", "\t", "\n", "\r", "\f", "\u0000", "\u0001", "\u001f"),
});
const inside = fc.constantFrom("", "\t", "\n", "\r");
const scheme = fc.oneof(
  fc.constantFrom(
    "javascript",
    "vbscript",
    "data",
    "file",
    "blob",
    "about",
    "ftp",
    "mailto",
    "ws",
    "httpx",
    "http+x",
  ),
  fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/),
);

/** `scheme` with random case and tabs or line breaks between its letters. */
function disguise(name: string, cases: boolean[], gaps: string[]): string {
  return [...name].map((c, i) => (cases[i] ? c.toUpperCase() : c) + (gaps[i] ?? "")).join("");
}

describe("linkHref", () => {
  it("never links a scheme other than http or https, however it is written", () => {
    fc.assert(
      fc.property(
        scheme.filter((s) => s !== "http" && s !== "https"),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.array(inside, { maxLength: 12 }),
        junkAtEnds,
        fc.constantFrom("alert(1)", "//example.org/", "text/html,<script>alert(1)</script>", ""),
        (name, cases, gaps, junk, rest) => {
          expect(linkHref(`${junk}${disguise(name, cases, gaps)}:${rest}`)).toBeUndefined();
        },
      ),
    );
  });

  it("links only what the browser would read as an http(s) URL, and as exactly that URL", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }), junkAtEnds),
        (url) => {
          const href = linkHref(url);
          if (href === undefined) return;
          const parsed = new URL(href);
          expect(["http:", "https:"]).toContain(parsed.protocol);
          expect(parsed.href).toBe(href);
          expect(new URL(url).href).toBe(href);
        },
      ),
    );
  });

  it("links generated web addresses, also behind spaces and with tabs in the scheme", () => {
    fc.assert(
      fc.property(fc.webUrl(), junkAtEnds, fc.array(inside, { maxLength: 5 }), (url, junk, gaps) => {
        const written = `${junk}${disguise(url.slice(0, 4), [], gaps)}${url.slice(4)}${junk}`;
        expect(linkHref(written)).toBe(new URL(url).href);
      }),
    );
  });

  it.each([
    " javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//example.org/notice",
    "/notice/1",
    "notice.pdf",
  ])("shows %j as text", (url) => {
    expect(linkHref(url)).toBeUndefined();
  });
});
