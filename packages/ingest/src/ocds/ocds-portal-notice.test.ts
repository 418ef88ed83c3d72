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
  it("reads a related process named by ocid, a notice URL among documents, links and descriptions", () => {
    const related = [{ id: "1", relationship: ["parent"], scheme: "ocid", identifier: FTS_OCID }];
    expect(named(cf({ relatedProcesses: related }))).toBe(`find-a-tender:ocid:${FTS_OCID}`);
    const doc = { url: "https://www.find-tender.service.gov.uk/Notice/051000-2026" };
    expect(named(cf({ tender: { documents: [doc] } }))).toBe("find-a-tender:notice:051000-2026");
    expect(named(cf({ awards: [{ documents: [doc] }] }))).toBe("find-a-tender:notice:051000-2026");
    const cfPage = `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}`;
    expect(named(fts({ links: [{ rel: "canonical", href: cfPage }] }))).toBe(
      `contracts-finder:notice:${CF_NOTICE}`,
    );
    const description = "Also published at https://www.find-tender.service.gov.uk/Notice/051000-2026.";
    expect(named(cf({ tender: { description } }))).toBe("find-a-tender:notice:051000-2026");
  });

  it("prefers a related process to a document, and skips its own portal's notices", () => {
    const ownPage = { url: `https://www.contractsfinder.service.gov.uk/Notice/${CF_NOTICE}` };
    const other = { url: "https://www.find-tender.service.gov.uk/Notice/051000-2026" };
    const related = [{ scheme: "ocid", identifier: FTS_OCID }];
    expect(named(cf({ tender: { documents: [ownPage, other] }, relatedProcesses: related }))).toBe(
      `find-a-tender:ocid:${FTS_OCID}`,
    );
    expect(named(cf({ tender: { documents: [ownPage] } }))).toBeNull();
  });

  it("never reads a bare notice number, a title or another publisher's release", () => {
    expect(
      named(cf({ tender: { id: "051000-2026", description: "See FTS notice 051000-2026" } })),
    ).toBeNull();
    expect(
      named(cf({ tender: { title: "https://www.find-tender.service.gov.uk/Notice/051000-2026" } })),
    ).toBeNull();
    const doc = { url: "https://www.find-tender.service.gov.uk/Notice/051000-2026" };
    expect(named({ ocid: "ocds-213czf-000-00001", tender: { documents: [doc] } })).toBeNull();
  });

  it("finds nothing in generated text unless it holds a well-formed reference", () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme-composite" }),
      fc.string({ unit: "binary" }),
    );
    const field = fc.oneof(
      hostile,
      hostile.map((s) => `https://www.find-tender.service.gov.uk/Notice/${s}`),
      hostile.map((s) => `ocds-h6vhtk-${s}`),
    );
    fc.assert(
      fc.property(field, field, field, (a, b, c) => {
        const release = cf({
          tender: { id: a, description: b, documents: [{ url: c }] },
          relatedProcesses: [{ scheme: "ocid", identifier: a, uri: b, title: c }],
          links: [{ href: a }],
        });
        const found = ocdsOtherPortalNotice(release);
        const wellFormed = [a, b, c].some((s) =>
          /(ocds-h6vhtk-[0-9a-f]{6,12}|find-tender\.service\.gov\.uk\/notice\/\d{6}-\d{4})/i.test(s),
        );
        if (!wellFormed) expect(found).toBeNull();
        if (found) expect(found.portal).toBe("find-a-tender");
      }),
    );
  });

  it("finds a well-formed reference wherever generated text puts it", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.stringMatching(/^\d{6}-20\d{2}$/), (before, after, id) => {
        const description = `${before} https://www.find-tender.service.gov.uk/Notice/${id} ${after}`;
        expect(named(cf({ tender: { description } }))).toBe(`find-a-tender:notice:${id}`);
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
});
