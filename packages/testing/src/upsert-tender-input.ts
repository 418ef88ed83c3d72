import type { UpsertTenderInput } from "@tender/db";

let serial = 0;

/**
 * A valid `upsertTender` input for `sourceId` with a new external id (`T-<n>`) on every call:
 * fixed fields, the hash `a…a`, and `over` on top.
 */
export function upsertTenderInput(
  sourceId: string,
  over: Partial<UpsertTenderInput> = {},
): UpsertTenderInput {
  serial++;
  return {
    sourceId,
    external_id: `T-${serial}`,
    title: "Road repair",
    description: "Resurfacing of 3 km",
    buyer_name: "City of Tartu",
    amount: "1500.50",
    currency: "EUR",
    published_at: "2024-05-01T10:00:00Z",
    deadline: "2024-06-01T12:00:00.000Z",
    source_url: "https://example.org/notice/1",
    contentHash: "a".repeat(64),
    rawPayload: { id: serial, nested: { a: [1, 2] } },
    ...over,
  };
}
