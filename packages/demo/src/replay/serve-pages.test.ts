import { beforeAll, describe, expect, it } from "vitest";
import { type DemoData, type JsonObject, loadDemoData } from "./demo-data.js";
import { emptyCfPage, serveCfPage } from "./serve-cf-page.js";
import { emptyTedPage, serveTedPage } from "./serve-ted-page.js";

const REPLAY = "http://127.0.0.1:4321";
type Notice = { "publication-number": string; links: Record<string, Record<string, string>> };
type Release = { ocid: string; tender: { documents?: { url: string }[] } };

let data: DemoData;
const pagesOf = (code: string) => data.ocdsSources.find((source) => source.code === code)?.pages ?? [];
beforeAll(async () => {
  data = await loadDemoData();
});

const notices = (page: JsonObject) => page.notices as Notice[];
const releases = (page: JsonObject) => page.releases as Release[];

describe("serveTedPage", () => {
  it("points PDF links to the replay server, same path, and keeps the notice pages public", () => {
    const page = data.tedPages[2] as JsonObject;
    const served = serveTedPage(page, null, REPLAY);
    const [first] = notices(served);
    expect(first?.links.pdf).toEqual({ ITA: `${REPLAY}/it/notice/821062-2025/pdf` });
    expect(first?.links.html).toEqual({ ITA: "https://ted.europa.eu/it/notice/-/detail/821062-2025" });
    expect(first?.links.xml).toEqual({ MUL: "https://ted.europa.eu/en/notice/821062-2025/xml" });
  });

  it("rewrites every language of pdf and pdfs in a real capture, and sets the token", () => {
    const page = data.tedPages[0] as JsonObject;
    const served = serveTedPage(page, "next-1", REPLAY);
    expect(served.iterationNextToken).toBe("next-1");
    const pdfUrls = notices(served).flatMap((n) => [
      ...Object.values(n.links.pdf ?? {}),
      ...Object.values(n.links.pdfs ?? {}),
    ]);
    expect(pdfUrls.length).toBeGreaterThan(100);
    expect(pdfUrls.every((url) => url.startsWith(`${REPLAY}/`) && url.includes("/notice/"))).toBe(true);
    // The recorded page itself is untouched.
    expect(page.iterationNextToken).toBeNull();
    expect(Object.values(notices(page)[0]?.links.pdf ?? {})[0]).toMatch(/^https:\/\/ted\.europa\.eu\//);
  });

  it("an empty page ends the data at once", () => {
    expect(emptyTedPage()).toEqual({
      notices: [],
      totalNoticeCount: 0,
      iterationNextToken: null,
      timedOut: false,
    });
  });
});

describe("serveCfPage", () => {
  it("points attached Contracts Finder documents to the replay server, not the notice page or other sites", () => {
    const page = structuredClone(pagesOf("contracts_finder")[0] as JsonObject);
    const [release] = releases(page);
    const trimmed = releases(pagesOf("contracts_finder")[2] as JsonObject)[0];
    if (!release || !trimmed) throw new Error("fixtures changed");
    release.tender.documents = [
      ...(trimmed.tender.documents ?? []),
      { url: "https://uk.eu-supply.com/app/rfq/x.asp?PID=1" },
    ];
    const served = serveCfPage(page, `${REPLAY}/next`, REPLAY);
    expect(served.links).toEqual({ next: `${REPLAY}/next` });
    expect(releases(served)[0]?.tender.documents?.map((d) => d.url)).toEqual([
      "https://www.contractsfinder.service.gov.uk/Notice/76371b58-f056-4c76-80d6-f175126a0eaf",
      `${REPLAY}/Notice/Attachment/5676d68a-0446-476e-a0cf-6cb4cc5c9e2a`,
      `${REPLAY}/Notice/Attachment/a3539193-93a4-4f36-a27c-04d10c5b5099`,
      `${REPLAY}/Notice/Attachment/3dafd075-bfd6-4834-bfe6-dffd3fee3509`,
      "https://uk.eu-supply.com/app/rfq/x.asp?PID=1",
    ]);
  });

  it("the last page has no links.next; the empty page keeps the package header", () => {
    const served = serveCfPage(
      { ...(pagesOf("contracts_finder")[1] as JsonObject), links: { next: "x" } },
      null,
      REPLAY,
    );
    expect(served).not.toHaveProperty("links");
    const empty = emptyCfPage(pagesOf("contracts_finder")[0]);
    expect(empty.releases).toEqual([]);
    expect(empty.license).toBe((pagesOf("contracts_finder")[0] as JsonObject).license);
  });
});
