import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { TenderDetails } from "./tender-details.js";

const card = {
  id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90",
  source: "contracts_finder",
  external_id: "ocds-b5fd17-1",
  title: "School catering",
  description: "Three years.",
  buyer_name: "Leeds City Council",
  amount: "250000.00",
  currency: "GBP",
  published_at: "2026-05-01T09:00:00.000Z",
  deadline: "2026-06-01T12:00:00.000Z",
  source_url: "https://www.contractsfinder.service.gov.uk/notice/1",
  countries: ["GB"],
  cpv_codes: ["55523100"],
  cpv: [{ code: "55523100", label: "School-meal services" }],
  index_status: "ready",
  procedure_id: null,
  kind: "competition",
  superseded_by: null,
  procedure: null,
  buyer_organisation_id: null,
  awards: [],
  attachments: [
    {
      id: "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f",
      filename: "spec.pdf",
      title: null,
      content_type: "application/pdf",
      size_bytes: 1024,
      download_status: "ready",
      source_url: "https://example.com/spec.pdf",
    },
  ],
};

describe("TenderDetails", () => {
  it("accepts the card", () => {
    expect(v.parse(TenderDetails, card)).toEqual(card);
  });

  it("can never carry internals", () => {
    for (const field of ["raw_payload", "content_hash", "indexed_hash", "last_error", "key_hash"]) {
      expect(v.safeParse(TenderDetails, { ...card, [field]: "x" }).success, field).toBe(false);
    }
    const [attachment] = card.attachments;
    for (const field of ["local_path", "sha256", "last_error"]) {
      expect(
        v.safeParse(TenderDetails, { ...card, attachments: [{ ...attachment, [field]: "x" }] }).success,
      ).toBe(false);
    }
  });

  it("checks statuses and sizes", () => {
    expect(v.safeParse(TenderDetails, { ...card, index_status: "done" }).success).toBe(false);
    const [attachment] = card.attachments;
    for (const size_bytes of [-1, 1.5]) {
      expect(
        v.safeParse(TenderDetails, { ...card, attachments: [{ ...attachment, size_bytes }] }).success,
      ).toBe(false);
    }
  });
});
