import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ocdsOtherPortalNotice,
  ocdsOwnNoticeKeys,
  parsePortalReference,
  portalNoticeKey,
} from "./ocds-portal-notice.js";

const CF_OCID = "ocds-b5fd17-02f878ce-547b-46fd-a840-ddc7c37e1e80";
const CF_NOTICE = "76371b58-f056-4c76-80d6-f175126a0eaf";
const FTS_OCID = "ocds-h6vhtk-06f1a9";
const cf = (extra: Record<string, unknown>) => ({ ocid: CF_OCID, id: `${CF_NOTICE}-914731`, ...extra });
const fts = (extra: Record<string, unknown>) => ({ ocid: FTS_OCID, id: "083650-2026", ...extra });
const named = (release: unknown) => {
  const found = ocdsOtherPortalNotice(release);
  return found === null ? null : portalNoticeKey(found);
};

describe("parsePortalReference", () => {
  it.each([
    ["https://www.find-tender.service.gov.uk/Notice/083650-2026", "find-a-tender:notice:083650-2026"],
    [
      "https://find-tender.service.gov.uk/notice/083650-2026?origin=SearchResults&p=1",
      "find-a-tender:notice:083650-2026",
    ],
    [" OCDS-H6VHTK-06F1A9 ", "find-a-tender:ocid:ocds-h6vhtk-06f1a9"],
    [
      `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}`,
      `contracts-finder:notice:${CF_NOTICE}`,
    ],
    [CF_OCID, `contracts-finder:ocid:${CF_OCID}`],
  ])("reads %s", (value, key) => {
    const found = parsePortalReference(value);
    expect(found && portalNoticeKey(found)).toBe(key);
  });

  it.each([
    `https://www.contractsfinder.service.gov.uk/Notice/Attachment/${CF_NOTICE}`,
    "https://www.find-tender.service.gov.uk/Notice/83650-2026",
    "https://www.find-tender.service.gov.uk.evil.example/Notice/083650-2026",
    "ftp://www.find-tender.service.gov.uk/Notice/083650-2026",
    "https://www.find-tender.service.gov.uk/Search?notice=083650-2026",
    "083650-2026",
    "ocds-h6vhtk-",
    "ocds-213czf-000-00001",
  ])("refuses %s", (value) => {
    expect(parsePortalReference(value)).toBeNull();
  });
});

describe("ocdsOtherPortalNotice", () => {
  it("reads a related process named by ocid or by its notice URI", () => {
    const related = [{ id: "1", relationship: ["parent"], scheme: "ocid", identifier: FTS_OCID }];
    expect(named(cf({ relatedProcesses: related }))).toBe(`find-a-tender:ocid:${FTS_OCID}`);
    const uri = [{ id: "1", uri: "https://www.find-tender.service.gov.uk/Notice/051000-2026" }];
    expect(named(cf({ relatedProcesses: uri }))).toBe("find-a-tender:notice:051000-2026");
    const cfPage = `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}`;
    expect(named(fts({ relatedProcesses: [{ uri: cfPage }] }))).toBe(`contracts-finder:notice:${CF_NOTICE}`);
  });

  // Issue 32, finding 2: free text, documents and links are the publisher's prose, not a reference.
  it("never reads documents, links, tender.id or descriptions", () => {
    const url = "https://www.find-tender.service.gov.uk/Notice/051000-2026";
    expect(named(cf({ tender: { documents: [{ url }] } }))).toBeNull();
    expect(named(cf({ awards: [{ documents: [{ url }] }] }))).toBeNull();
    expect(named(cf({ links: [{ rel: "canonical", href: url }] }))).toBeNull();
    expect(named(cf({ tender: { id: FTS_OCID } }))).toBeNull();
    expect(named(cf({ tender: { description: `Also published at ${url}.` } }))).toBeNull();
    expect(named(cf({ description: `See ${FTS_OCID}` }))).toBeNull();
    expect(named(cf({ relatedProcesses: [{ title: `Previous framework ${url}` }] }))).toBeNull();
  });

  it("skips its own portal's notices", () => {
    const ownPage = `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}`;
    expect(
      named(cf({ relatedProcesses: [{ uri: ownPage }, { scheme: "ocid", identifier: FTS_OCID }] })),
    ).toBe(`find-a-tender:ocid:${FTS_OCID}`);
    expect(named(cf({ relatedProcesses: [{ uri: ownPage }] }))).toBeNull();
  });

  it("never reads a bare notice number, a title or another publisher's release", () => {
    expect(named(cf({ relatedProcesses: [{ identifier: "051000-2026" }] }))).toBeNull();
    const related = [{ uri: "https://www.find-tender.service.gov.uk/Notice/051000-2026" }];
    expect(named({ ocid: "ocds-213czf-000-00001", relatedProcesses: related })).toBeNull();
  });

  it("names something only from a related process, whatever generated text says elsewhere", () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme-composite" }),
      fc.string({ unit: "binary" }),
    );
    const field = fc.oneof(
      hostile,
      hostile.map((s) => `https://www.find-tender.service.gov.uk/Notice/${s}`),
      hostile.map((s) => `ocds-h6vhtk-${s}`),
      fc.stringMatching(/^\d{6}-20\d{2}$/).map((id) => `https://www.find-tender.service.gov.uk/Notice/${id}`),
      fc.constant(FTS_OCID),
    );
    fc.assert(
      fc.property(field, field, field, fc.boolean(), (a, b, c, related) => {
        const release = cf({
          tender: { id: a, description: b, documents: [{ url: c }] },
          description: a,
          awards: [{ documents: [{ url: b }] }],
          links: [{ href: c }],
          relatedProcesses: related ? [{ scheme: "ocid", identifier: a, uri: b, title: c }] : [{ title: c }],
        });
        const found = ocdsOtherPortalNotice(release);
        if (!related) expect(found).toBeNull();
        const wellFormed = [a, b].some((s) =>
          /^\s*(ocds-h6vhtk-[0-9a-f]{6,12}|https:\/\/www\.find-tender\.service\.gov\.uk\/notice\/\d{6}-\d{4})\s*$/i.test(
            s,
          ),
        );
        if (!wellFormed) expect(found).toBeNull();
        if (found) expect(found.portal).toBe("find-a-tender");
      }),
    );
  });

  it("never throws, whatever the release", () => {
    fc.assert(fc.property(fc.anything(), (release) => void ocdsOtherPortalNotice(release)));
    fc.assert(fc.property(fc.anything(), (release) => void ocdsOwnNoticeKeys(release)));
  });
});

describe("ocdsOwnNoticeKeys", () => {
  it("names a release by its ocid and its notice id", () => {
    expect(ocdsOwnNoticeKeys(fts({}))).toEqual([
      `find-a-tender:ocid:${FTS_OCID}`,
      "find-a-tender:notice:083650-2026",
    ]);
    expect(ocdsOwnNoticeKeys(cf({}))).toEqual([
      `contracts-finder:ocid:${CF_OCID}`,
      `contracts-finder:notice:${CF_NOTICE}`,
    ]);
    expect(ocdsOwnNoticeKeys({ ocid: "ocds-213czf-000-00001", id: "083650-2026" })).toEqual([]);
  });

  it("owns exactly its ocid and notice id, whatever generated documents, links and text mention", () => {
    const mention = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "https://www.find-tender.service.gov.uk/Notice/051000-2026",
        "ocds-h6vhtk-0a0a0a",
        `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}`,
      ),
    );
    fc.assert(
      fc.property(mention, mention, mention, (a, b, c) => {
        const release = fts({
          tender: { id: a, description: b, documents: [{ url: a }, { url: c }] },
          awards: [{ documents: [{ url: b }] }],
          links: [{ href: c }],
          relatedProcesses: [{ scheme: "ocid", identifier: a, uri: b }],
        });
        expect(ocdsOwnNoticeKeys(release)).toEqual([
          `find-a-tender:ocid:${FTS_OCID}`,
          "find-a-tender:notice:083650-2026",
        ]);
      }),
    );
  });

  // Issue 32, finding 3: a notice page listed among documents is a mention, never a key of its own.
  it("takes no key from documents or links, even of its own portal", () => {
    const other = { url: "https://www.find-tender.service.gov.uk/Notice/051000-2026" };
    const ocid = { url: "ocds-h6vhtk-0a0a0a" };
    expect(
      ocdsOwnNoticeKeys(fts({ tender: { documents: [other, ocid] }, links: [{ href: other.url }] })),
    ).toEqual([`find-a-tender:ocid:${FTS_OCID}`, "find-a-tender:notice:083650-2026"]);
  });
});
