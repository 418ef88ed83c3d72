/**
 * A minimal valid `TenderRecordV1` candidate for tests: source `source`, external id `id`, no
 * amount, deadline or attachments.
 */
export function tenderCandidate(source: string, id: string) {
  return {
    source,
    external_id: id,
    title: `Tender ${id}`,
    description: null,
    buyer_name: "Buyer",
    amount: null,
    currency: null,
    published_at: "2026-05-28T22:00:00Z",
    deadline: null,
    source_url: `https://example.com/${id}`,
    attachments: [],
    raw_payload: { id },
  };
}
