import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeAlert, excerptFor } from "./demo-saved-search.js";

describe("excerptFor", () => {
  it("keeps the part of a long fragment that holds the query's words", () => {
    const text = `${"Identificativo della procedura: aperta. ".repeat(6)}Valore stimato al netto dell'IVA: 5 156 400,00 EUR. ${"Altro testo. ".repeat(10)}`;
    const excerpt = excerptFor(text, "nastri in acciaio: valore stimato al netto dell'IVA");
    expect(excerpt).toContain("Valore stimato al netto dell'IVA");
    expect(excerpt.startsWith("…")).toBe(true);
  });

  it("is never longer than 141 characters and returns a short text whole", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.string({ maxLength: 60 }), (text, query) => {
        const excerpt = excerptFor(text, query);
        expect(excerpt.length).toBeLessThanOrEqual(141);
        if (text.replace(/\s+/g, " ").trim().length <= 140)
          expect(excerpt).toBe(text.replace(/\s+/g, " ").trim());
      }),
    );
  });
});

describe("describeAlert", () => {
  it("names the search, the notice, the score, where the fragment is, and whether it was signed", () => {
    const line = describeAlert(
      {
        saved_search: { name: "Steel" },
        tender: { external_id: "821126-2025", title: "Nastri" },
        score: 0.2876,
        snippet: "Valore stimato",
        attachment: { filename: "821126-2025-it.pdf" },
      },
      true,
    );
    expect(line).toBe(
      'alert for "Steel": 821126-2025 "Nastri" — score 0.29, in 821126-2025-it.pdf: "Valore stimato" — signature checked',
    );
    expect(describeAlert({}, false)).toContain("SIGNATURE INVALID");
  });

  it("prints a follow-up with its reason and what it changed, or the notice's title", () => {
    const followUp = (reason: string, changes: unknown) =>
      describeAlert(
        {
          reason,
          saved_search: { name: "Schools" },
          tender: { external_id: "083650-2026", title: "HC2645 Evaluation" },
          changes,
        },
        true,
      );
    expect(
      followUp("changed", [
        { field: "deadline", from: "2026-08-07T11:00:00.000Z", to: "2026-08-14T11:00:00.000Z" },
      ]),
    ).toBe(
      'follow-up for "Schools": 083650-2026 changed — deadline 7 Aug 2026 → 14 Aug 2026 — signature checked',
    );
    expect(followUp("awarded", null)).toBe(
      'follow-up for "Schools": 083650-2026 awarded — "HC2645 Evaluation" — signature checked',
    );
    // Whatever a forged call carries, one line and no exception.
    fc.assert(
      fc.property(fc.constantFrom("changed", "awarded", "cancelled"), fc.anything(), (reason, changes) => {
        expect(followUp(reason, changes)).toMatch(/^follow-up for "Schools": 083650-2026 \w+ — /);
      }),
    );
  });
});
