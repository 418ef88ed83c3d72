import { TenderDetails } from "@tender/contracts";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { cardJsonPieces, jsonPiecesStream } from "./card-json-pieces.js";

const card = (description: string | null, titles: (string | null)[]): TenderDetails =>
  v.parse(TenderDetails, {
    id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90",
    source: "ted",
    external_id: "1-2026",
    title: "Road \u0001 works",
    description,
    buyer_name: "City",
    amount: null,
    currency: null,
    published_at: "2026-05-01T09:00:00.000Z",
    deadline: null,
    source_url: "https://example.com/1",
    index_status: "ready",
    procedure_id: null,
    kind: "competition",
    superseded_by: null,
    procedure: null,
    buyer_organisation_id: null,
    awards: [],
    countries: [],
    cpv_codes: [],
    cpv: [],
    attachments: titles.map((title, i) => ({
      id: "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f",
      filename: `f${i}.pdf`,
      title,
      content_type: null,
      size_bytes: null,
      download_status: "pending",
      source_url: `https://example.com/f${i}`,
    })),
  });

describe("cardJsonPieces", () => {
  it("joins to exactly JSON.stringify(card), whatever the description holds and wherever it is cut", async () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "\u0001", "😀", '"', "\\", "道", "\n"),
      maxLength: 200_000,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.option(
          text.map((t) => `x${t}x`),
          { nil: null },
        ),
        fc.array(fc.option(fc.string(), { nil: null }), { maxLength: 3 }),
        async (description, titles) => {
          const value = card(
            description,
            titles.map((t) => (t?.trim() ? t.trim() : null)),
          );
          const expected = JSON.stringify(value);
          expect([...cardJsonPieces(value)].join("")).toBe(expected);
          const streamed = await new Response(jsonPiecesStream(cardJsonPieces(value))).text();
          expect(JSON.parse(streamed)).toEqual(JSON.parse(expected));
        },
      ),
      { numRuns: 30 },
    );
  });
});
