import { describe, expect, it } from "vitest";
import { validateTenderRecord } from "../../packages/ingest/dist/index.js";
import { tedNoticeFacets, tedNoticeProcedure } from "../../packages/source-ted/dist/index.js";
import { corpusNoticeToTedNotice, corpusTenderRecord, loadCorpus } from "./load-corpus.ts";

const corpus = loadCorpus();

describe("loadCorpus", () => {
  it("turns every notice into a valid TED record keeping its number, buyer, text and classification", () => {
    expect(corpus).toHaveLength(3067);
    for (const notice of corpus) {
      const record = corpusTenderRecord(notice);
      expect(validateTenderRecord(record).ok).toBe(true);
      expect(record).toMatchObject({ source: "ted", external_id: notice.id });
      // The mapper decodes HTML entities (`Sanit&auml;tsbetrieb`), as for notices from TED's API.
      if (!notice.buyer.includes("&"))
        expect(record.buyer_name).toBe(notice.buyer.replace(/\s+/g, " ").trim());
      const ted = corpusNoticeToTedNotice(notice);
      const facets = tedNoticeFacets(ted);
      expect(facets.cpv_codes).toContain(notice.cpv_main);
      if (notice.country !== null && notice.country.length === 2) expect(facets.countries.length).toBe(1);
    }
  });

  it("keeps the title, the short description and every lot's text in the notice's own language", () => {
    const notice = corpus.find((n) => n.id === "000003-2019");
    if (!notice) throw new Error("000003-2019 is in the corpus");
    const ted = corpusNoticeToTedNotice(notice);
    expect(ted["notice-title"]).toEqual({ ENG: notice.title });
    expect(ted["title-lot"]).toEqual({ ENG: [notice.lots[0]?.title] });
    const record = corpusTenderRecord(notice);
    expect(record.title).toBe(notice.title.trim());
    expect(record.description).toContain("Atlantic Assistance mechanism");
    expect(record.description).toContain("EASME is launching this call for tenders");
  });

  it("gives each TED document type the kind of notice it is", () => {
    const kinds = new Map<string, Set<string>>();
    for (const notice of corpus) {
      const kind = tedNoticeProcedure(corpusNoticeToTedNotice(notice))?.kind ?? "none";
      kinds.set(notice.document_type, (kinds.get(notice.document_type) ?? new Set()).add(kind));
    }
    expect(Object.fromEntries([...kinds].map(([type, set]) => [type, [...set]]))).toMatchObject({
      "0": ["planning"],
      "3": ["competition"],
      "7": ["result"],
      V: ["result"],
      K: ["modification"],
      "2": ["change"],
    });
  });
});
