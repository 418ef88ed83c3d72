import { readFileSync } from "node:fs";
import { TenderRecordV1 } from "@tender/contracts";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { tedNoticeToTenderRecord } from "./ted-notice-to-tender-record.js";

type Notice = Record<string, unknown>;

function fixture(name: string): { notices: Notice[] } {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));
}

const digital = fixture("ted_v3_search_digital_competition_2026-05-30.json").notices;
const sweden = fixture("ted_v3_search_it_software_sweden_2026-07-01.json").notices;
const byNumber = (notices: Notice[], number: string) =>
  structuredClone(notices.find((n) => n["publication-number"] === number) as Notice);

function mapped(notice: unknown) {
  const result = tedNoticeToTenderRecord(notice);
  if (!result.ok) throw new Error(`expected a record, got: ${result.reason}`);
  return result.record;
}

function reasonOf(notice: unknown): string {
  const result = tedNoticeToTenderRecord(notice);
  if (result.ok) throw new Error("expected a quarantine reason");
  return result.reason;
}

describe("every real TED notice", () => {
  it.each([
    ...digital.map((n) => [n["publication-number"], n] as const),
    ...sweden.map((n) => [n["publication-number"], n] as const),
  ])("%s becomes a valid TenderRecordV1", (number, notice) => {
    const record = mapped(notice);
    // Valid and already normalized: parsing it again changes nothing.
    expect(v.parse(TenderRecordV1, record)).toEqual(record);
    expect(record.external_id).toBe(number);
    expect(record.source).toBe("ted");
    expect(record.raw_payload).toBe(notice);
    expect(record.title).not.toMatch(/&(amp|lt|gt|quot);/);
    expect(record.buyer_name).not.toMatch(/&(amp|lt|gt|quot);/);
  });

  it("maps the 15 notices of both pages", () => {
    expect(digital.length + sweden.length).toBe(15);
  });
});

describe("golden notices", () => {
  it("367831-2026: English title, French text, total value, date-with-offset deadline, English PDF", () => {
    const notice = byNumber(digital, "367831-2026");
    const record = mapped(notice);
    expect({ ...record, description: record.description?.slice(0, 60), raw_payload: undefined }).toEqual({
      source: "ted",
      external_id: "367831-2026",
      title:
        "France – Software development services – Maintenance et acquisition de licences BO SAP et prestations de montée de version",
      description: "L'accord-cadre sera exécuté par l'émission de bons de comman",
      buyer_name: "Région Hauts-de-France",
      amount: "600000.00",
      currency: "EUR",
      published_at: "2026-05-28T22:00:00.000Z",
      deadline: "2026-06-11T22:00:00.000Z",
      source_url: "https://ted.europa.eu/en/notice/-/detail/367831-2026",
      attachments: [
        {
          external_id: null,
          title: "TED notice 367831-2026 (PDF, ENG)",
          filename: "367831-2026-en.pdf",
          source_url: "https://ted.europa.eu/en/notice/367831-2026/pdf",
          content_type: "application/pdf",
        },
      ],
      raw_payload: undefined,
    });
    expect(record.description).toMatch(/professional edition \(CS\)$/);
  });

  it("369526-2026: two official languages, the first one present is used for buyer and description", () => {
    const record = mapped(byNumber(digital, "369526-2026"));
    expect(record.buyer_name).toBe("Région Bruxelles-Capitales : SPRB");
    expect(record.description).toBe(
      "Le présent marché public de fournitures porte sur l-acquisition de licences pour la plateforme Jira et Confluence du SPRB",
    );
    expect(record.title).toBe(
      "Belgium – Software package and information systems – Achat de licences pour les produits de la suite Atlassian (JIRA/Confluence)",
    );
    expect([record.amount, record.currency, record.deadline]).toEqual([
      "231500.00",
      "EUR",
      "2026-06-21T22:00:00.000Z",
    ]);
  });

  it("368708-2026: a result notice without value or deadline", () => {
    const record = mapped(byNumber(digital, "368708-2026"));
    expect([record.amount, record.currency, record.deadline]).toEqual([null, null, null]);
    expect(record.buyer_name).toBe("Universitätsklinikum Münster");
    expect(record.published_at).toBe("2026-05-28T22:00:00.000Z");
  });

  it("368879-2026: a placeholder value of 0 is kept", () => {
    const record = mapped(byNumber(digital, "368879-2026"));
    expect([record.amount, record.currency]).toEqual(["0.00", "EUR"]);
  });

  it("449657-2026: ten joint buyers joined, &amp; decoded, no PDF link, no description", () => {
    const record = mapped(byNumber(sweden, "449657-2026"));
    expect(record.buyer_name).toBe(
      [
        "Upphandlingscenter Falun Borlänge-regionen",
        "Falu kommun",
        "Avesta Vatten och Avfall AB",
        "Räddningstjänsten Dala Mitt",
        "Avesta kommun",
        "Falu Energi och Vatten AB inkl. dotterbolagFalu Energi &",
        "Kopparstaden AB",
        "Södra Dalarnas Räddningstjänstförbund (SDR)",
        "Avesta Industristad AB",
        "Gamla Byn AB",
      ].join("; "),
    );
    expect(record.description).toBeNull();
    expect(record.attachments).toEqual([]);
    expect(record.source_url).toBe("https://ted.europa.eu/en/notice/-/detail/449657-2026");
    expect(record.published_at).toBe("2026-06-30T22:00:00.000Z");
  });

  it("450106-2026: estimated lot value in SEK without a total, deadline from the lot", () => {
    const record = mapped(byNumber(sweden, "450106-2026"));
    expect([record.amount, record.currency]).toEqual(["18000000.00", "SEK"]);
    expect(record.deadline).toBe("2026-08-26T22:00:00.000Z");
    expect(record.title).toBe(
      "Sweden – Information technology services – Digitalt systemstöd till utrednings- och uppföljningsinstrumenten ASI, ADAD/UngDOK och FREDA",
    );
  });
});

describe("variants of real notices", () => {
  it("prefers English whatever the key case, else the first language present", () => {
    const notice = byNumber(digital, "369526-2026");
    notice["description-lot"] = { nld: ["Nederlands"], ENG: ["English text"] };
    notice["buyer-name"] = { NLD: ["GOB"], Eng: ["Brussels Region"] };
    const record = mapped(notice);
    expect(record.description).toBe("English text");
    expect(record.buyer_name).toBe("Brussels Region");
    notice["notice-title"] = { deu: "  ", nld: "Titel" };
    expect(mapped(notice).title).toBe("Titel");
  });

  it("sums the lot values when there is no total and the currencies agree, else leaves the amount out", () => {
    const notice = byNumber(digital, "367831-2026");
    delete notice["total-value"];
    delete notice["total-value-cur"];
    notice["estimated-value-lot"] = ["600000", "1200000.50", 25];
    notice["estimated-value-cur-lot"] = ["EUR", "EUR", "eur"];
    expect([mapped(notice).amount, mapped(notice).currency]).toEqual(["1800025.50", "EUR"]);
    notice["estimated-value-cur-lot"] = ["EUR", "SEK", "EUR"];
    expect([mapped(notice).amount, mapped(notice).currency]).toEqual([null, null]);
    notice["estimated-value-cur-lot"] = ["EUR"];
    notice["estimated-value-lot"] = ["600000", "unknown"];
    expect(mapped(notice).amount).toBeNull();
  });

  it("joins lot deadline dates with their times and keeps the earliest", () => {
    const notice = byNumber(digital, "367831-2026");
    notice["deadline-receipt-tender-date-lot"] = ["2026-06-12+02:00", "2026-06-10+02:00"];
    notice["deadline-receipt-tender-time-lot"] = ["12:00:00+02:00", "09:30:00+02:00"];
    expect(mapped(notice).deadline).toBe("2026-06-10T07:30:00.000Z");
  });

  it("joins several lot descriptions and drops repeated ones", () => {
    const notice = byNumber(digital, "368912-2026");
    const lots = (notice["description-lot"] as { fra: string[] }).fra;
    expect(lots).toHaveLength(2);
    expect(mapped(notice).description).toBe(`${lots[0]?.trim()}\n\n${lots[1]?.trim()}`);
    notice["description-lot"] = { fra: ["Lot &amp; un", "Lot &amp; un"] };
    expect(mapped(notice).description).toBe("Lot & un");
  });

  it("falls back to the first PDF and HTML language when English is missing", () => {
    const notice = byNumber(digital, "369693-2026");
    const links = notice.links as Record<string, Record<string, string>>;
    for (const kind of ["pdf", "html"]) delete links[kind]?.ENG;
    const record = mapped(notice);
    expect(record.source_url).toBe("https://ted.europa.eu/bg/notice/-/detail/369693-2026");
    expect(record.attachments[0]?.filename).toBe("369693-2026-bg.pdf");
    expect(record.attachments[0]?.source_url).toBe("https://ted.europa.eu/bg/notice/369693-2026/pdf");
  });
});

describe("quarantine reasons", () => {
  it("names the missing buyer", () => {
    const notice = byNumber(digital, "369074-2026");
    notice["buyer-name"] = { nld: [" "] };
    expect(reasonOf(notice)).toBe("buyer_name: missing in buyer-name (no language present)");
    delete notice["buyer-name"];
    expect(reasonOf(notice)).toBe("buyer_name: missing in buyer-name (no language present)");
  });

  it("lists every problem at once", () => {
    const notice = byNumber(sweden, "450382-2026");
    delete notice["publication-number"];
    notice["notice-title"] = {};
    notice["publication-date"] = "2026-13-01+02:00";
    notice.links = { xml: { MUL: "https://ted.europa.eu/en/notice/450382-2026/xml" } };
    expect(reasonOf(notice)).toBe(
      [
        "external_id: missing publication-number",
        "title: missing in notice-title (no language present)",
        'published_at: publication-date "2026-13-01+02:00" is not a date',
        "source_url: missing in links.html (no language present)",
      ].join("; "),
    );
  });

  it("names an unreadable deadline and a negative or oversized amount", () => {
    const notice = byNumber(digital, "369693-2026");
    notice["deadline-receipt-tender-time-lot"] = ["noon"];
    expect(reasonOf(notice)).toBe(
      'deadline: deadline-receipt-tender-date-lot "2026-07-02+02:00" "noon" is not a date',
    );
    delete notice["deadline-receipt-tender-time-lot"];
    notice["total-value"] = -5;
    expect(reasonOf(notice)).toBe("amount: Amount must not be negative");
    notice["total-value"] = "12345678901234567890";
    expect(reasonOf(notice)).toMatch(/^amount: Must be a decimal string/);
  });

  it("names an unexpected shape and a payload that is not an object", () => {
    const notice = byNumber(digital, "369693-2026");
    notice["notice-title"] = "just a string";
    expect(reasonOf(notice)).toMatch(/^payload: notice-title: /);
    expect(tedNoticeToTenderRecord(["not", "a", "notice"])).toEqual({
      ok: false,
      externalId: null,
      reason: "payload: notice is not a JSON object",
    });
  });

  it("rejects an invalid currency code with the record field", () => {
    const notice = byNumber(digital, "369693-2026");
    notice["total-value-cur"] = ["EURO"];
    expect(reasonOf(notice)).toBe("currency: Must be a three-letter uppercase currency code, e.g. EUR");
  });
});
