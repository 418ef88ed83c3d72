import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ocdsReleaseNoticeUrl } from "./ocds-documents.js";

const doc = (documentType: string, url: string, format = "text/html") => ({ documentType, url, format });
const TENDER = "https://example.org/tender";
const AWARD = "https://example.org/award";
const CONTRACT = "https://example.org/contract";

describe("ocdsReleaseNoticeUrl", () => {
  it("takes the notice page of the latest stage the release lists", () => {
    const tender = { documents: [doc("tenderNotice", TENDER)] };
    const awards = [{ documents: [doc("awardNotice", AWARD)] }];
    expect(ocdsReleaseNoticeUrl({ tender })).toBe(TENDER);
    expect(ocdsReleaseNoticeUrl({ tender, awards })).toBe(AWARD);
    expect(
      ocdsReleaseNoticeUrl({ tender, awards, contracts: [{ documents: [doc("contractNotice", CONTRACT)] }] }),
    ).toBe(CONTRACT);
    // A contract's other documents are not its notice: the award's notice page is.
    expect(
      ocdsReleaseNoticeUrl({ awards, contracts: [{ documents: [doc("contractSigned", CONTRACT)] }] }),
    ).toBe(AWARD);
  });

  it("falls back to a document declared a web page, never to a PDF typed as a notice", () => {
    const consultation = doc("x_consultationDocument", "https://example.org/consult");
    expect(ocdsReleaseNoticeUrl({ tender: { documents: [consultation] } })).toBe(
      "https://example.org/consult",
    );
    expect(
      ocdsReleaseNoticeUrl({
        tender: { documents: [doc("tenderNotice", "https://example.org/n.pdf", "application/pdf")] },
      }),
    ).toBeNull();
    expect(ocdsReleaseNoticeUrl({ planning: { documents: [doc("plannedProcurementNotice", TENDER)] } })).toBe(
      TENDER,
    );
  });

  it("reads any value without throwing, answering an http(s) URL or null", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (tender, awards) => {
        const url = ocdsReleaseNoticeUrl({ tender, awards, contracts: [awards], planning: tender });
        expect(url === null || /^https?:\/\//i.test(url)).toBe(true);
      }),
    );
  });
});
