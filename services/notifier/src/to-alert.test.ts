import { createWireValidator } from "@tender/contracts";
import type { ClaimedDelivery } from "@tender/db";
import { describe, expect, it } from "vitest";
import { toAlert } from "./to-alert.js";

const delivery: ClaimedDelivery = {
  id: "1b7d4c6e-9a0f-4d2e-8b7c-3f2c8a4e1a90",
  attempt: 1,
  savedSearch: { id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90", name: "Roads" },
  apiKeyId: "4c6e9a0f-1b7d-4c6e-9a0f-5d2e8b7c1a90",
  receiverHost: "hooks.example.org:443",
  webhookUrl: "https://hooks.example.org/tenders",
  sealedSecret: null,
  match: {
    alert_id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90",
    reason: "match",
    tender: {
      id: "9a0f5d2e-1b7d-4c6e-9a0f-3f2c8a4e1a90",
      source: "ted",
      external_id: "X-1",
      title: "Road maintenance",
      buyer_name: "City",
      amount: null,
      currency: null,
      published_at: "2026-01-01T00:00:00.000Z",
      deadline: null,
      source_url: "https://ted.europa.eu/notice/1",
      countries: ["DE"],
      cpv_codes: ["45233141", "99999999"],
      index_status: "ready",
      procedure_id: null,
      kind: "competition",
      superseded_by: null,
    },
    score: 0.5,
    snippet: "Road maintenance",
    attachment: null,
    matched_at: "2026-01-02T03:04:05.678Z",
    procedure_id: null,
    changes: null,
    awards: null,
    position: { key: "2026-01-02T03:04:05.678000Z", id: "5d2e8b7c-1b7d-4c6e-9a0f-3f2c8a4e1a90" },
  },
};

describe("toAlert", () => {
  it("is a valid AlertV1 of version 1 whose tender carries its CPV codes with English labels", () => {
    const alert = toAlert(delivery);
    expect(createWireValidator("alert-v1")(JSON.parse(JSON.stringify(alert)))).toMatchObject({ ok: true });
    expect(alert.schema_version).toBe(1);
    expect(alert.tender.cpv_codes).toEqual(["45233141", "99999999"]);
    expect(alert.tender.cpv).toEqual([
      { code: "45233141", label: "Road-maintenance works" },
      { code: "99999999", label: null },
    ]);
  });
});
