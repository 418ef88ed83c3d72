import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DOCUMENT_FILES, TED_PAGE_FILES } from "./demo-data.js";

// ted-demo-documents.json is derived from the two real notice PDFs, not captured from the API:
// every value it states must be readable in the PDF of its notice.
interface DerivedNotice {
  "publication-number": string;
  "notice-title": { ita: string };
  "buyer-name": { ita: string[] };
  "description-lot": { ita: string[] };
  "classification-cpv": string[];
  "place-of-performance": string[];
  "publication-date": string;
  "deadline-receipt-tender-date-lot"?: string[];
  "deadline-receipt-tender-time-lot"?: string[];
  "estimated-value-lot": string[];
  "estimated-value-cur-lot": string[];
  links: { pdf: { ITA: string } };
}

async function pdfText(file: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)));
  const { text } = await extractText(pdf, { mergePages: true });
  // Line and page breaks of the PDF's layout become single spaces.
  return text.replace(/\n\d{6}-\d{4} Page \d\/\d\n/g, "\n").replace(/\s+/g, " ");
}

/** 29418000 → "29 418 000,00" (the notices' own number format). */
const italianAmount = (value: string) => `${value.replace(/\B(?=(\d{3})+(?!\d))/g, " ")},00`;
/** 2025-12-10+01:00 → 10/12/2025. */
const italianDate = (value: string) => value.slice(0, 10).split("-").reverse().join("/");

describe("ted-demo-documents.json", async () => {
  const page = JSON.parse(await readFile(TED_PAGE_FILES[2], "utf8")) as {
    notices: DerivedNotice[];
    iterationNextToken: null;
  };

  it("holds exactly the two notices whose PDFs the demo serves", () => {
    expect(page.notices.map((n) => n.links.pdf.ITA)).toEqual(DOCUMENT_FILES.map((d) => d.url));
    expect(page.iterationNextToken).toBeNull();
  });

  for (const notice of page.notices) {
    const number = notice["publication-number"];
    it(`states only what the PDF of ${number} says`, async () => {
      const file = DOCUMENT_FILES.find((d) => d.url === notice.links.pdf.ITA)?.file ?? "";
      const text = await pdfText(file);
      expect(text).toContain(`Numero di pubblicazione dell'avviso: ${number}`);
      expect(text).toContain(notice["notice-title"].ita);
      expect(text).toContain(`1.1. Committente Nome ufficiale: ${notice["buyer-name"].ita[0]}`);
      expect(text).toContain(`Descrizione: ${notice["description-lot"].ita[0]}`);
      expect(text).toContain(`Classificazione principale (cpv): ${notice["classification-cpv"][0]}`);
      expect(text).toContain(`(${notice["place-of-performance"][0]}) Paese: Italia`);
      expect(text).toContain(`Data di pubblicazione: ${italianDate(notice["publication-date"])}`);
      const [value] = notice["estimated-value-lot"];
      expect(text).toContain(
        `5.1.5. Valore Valore stimato al netto dell'IVA: ${italianAmount(value ?? "")} ${notice["estimated-value-cur-lot"][0]}`,
      );
      const deadline = notice["deadline-receipt-tender-date-lot"]?.[0];
      if (deadline !== undefined) {
        const time = notice["deadline-receipt-tender-time-lot"]?.[0]?.slice(0, 8);
        expect(text).toContain(
          `Termine per il ricevimento delle offerte: ${italianDate(deadline)} ${time} (UTC+01:00)`,
        );
      } else {
        expect(text).not.toContain("Termine per il ricevimento delle offerte");
      }
    });
  }
});
