import fc from "fast-check";
import type { TenderChangedV1 } from "../events/tender-changed-v1.js";
import type { AskRequest } from "../http/ask-request.js";
import type { SearchRequest } from "../http/search-request.js";
import { countCodePoints } from "../primitives/code-points.js";
import type { AttachmentRecordV1 } from "../records/attachment-record-v1.js";
import type { TenderRecordV1 } from "../records/tender-record-v1.js";

// Every arbitrary here produces values in normalized form: parsing them with the matching
// valibot schema returns an equal value, and they are valid against the JSON Schema files.

/** A trimmed, non-empty Unicode string. */
export const trimmedTextArb = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 20 })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);

export const nullableTextArb = fc.option(trimmedTextArb, { nil: null });

export const filenameArb = trimmedTextArb.filter((text) => countCodePoints(text) <= 255);

export const sourceCodeArb = fc.oneof(
  fc.constantFrom("ted", "contracts_finder"),
  fc.stringMatching(/^[a-z][a-z0-9_]{0,62}$/),
);

/** A `numeric(20,2)` amount as the database prints it, e.g. `"1250.50"`. */
export const amountArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.integer({ min: 0, max: 99 }))
  .map(([integer, cents]) => `${integer}.${String(cents).padStart(2, "0")}`);

export const currencyArb = fc.stringMatching(/^[A-Z]{3}$/);

export const utcDateArb = fc.date({
  min: new Date("1900-01-01T00:00:00.000Z"),
  max: new Date("2999-12-31T23:59:59.999Z"),
  noInvalidDate: true,
});

export const utcTimestampArb = utcDateArb.map((date) => date.toISOString());

export const httpUrlArb = fc.webUrl({
  validSchemes: ["http", "https"],
  withQueryParameters: true,
  withFragments: true,
});

export const uuidArb = fc.uuid();

export const sha256DigestArb = fc.stringMatching(/^[0-9a-f]{64}$/);

export const jsonObjectArb = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });

export const attachmentRecordArb: fc.Arbitrary<AttachmentRecordV1> = fc.record({
  external_id: nullableTextArb,
  title: nullableTextArb,
  filename: filenameArb,
  source_url: httpUrlArb,
  content_type: nullableTextArb,
});

/** Arbitraries of the tender fields the content hash covers, besides the attachments. */
export const significantTenderFieldArbs = {
  source: sourceCodeArb,
  external_id: trimmedTextArb,
  title: trimmedTextArb,
  description: nullableTextArb,
  buyer_name: trimmedTextArb,
  amount: fc.option(amountArb, { nil: null }),
  currency: fc.option(currencyArb, { nil: null }),
  published_at: utcTimestampArb,
  deadline: fc.option(utcTimestampArb, { nil: null }),
  source_url: httpUrlArb,
};

export const tenderRecordArb: fc.Arbitrary<TenderRecordV1> = fc.record({
  ...significantTenderFieldArbs,
  attachments: fc.uniqueArray(attachmentRecordArb, { selector: (item) => item.source_url, maxLength: 4 }),
  raw_payload: jsonObjectArb,
});

export const tenderChangedArb: fc.Arbitrary<TenderChangedV1> = fc.record({
  schema_version: fc.constant(1 as const),
  event_id: uuidArb,
  occurred_at: utcTimestampArb,
  tender_id: uuidArb,
  content_hash: sha256DigestArb,
});

/** A query that is valid after trimming (3..1000 code points), already trimmed. */
export const queryArb = fc
  .string({ unit: "grapheme", minLength: 3, maxLength: 300 })
  .map((text) => text.trim())
  .filter((text) => countCodePoints(text) >= 3 && countCodePoints(text) <= 1000);

const modeArb = fc.constantFrom("vector" as const, "hybrid" as const);

export const searchRequestArb: fc.Arbitrary<SearchRequest> = fc.record(
  { query: queryArb, limit: fc.integer({ min: 1, max: 10 }), mode: modeArb },
  { requiredKeys: ["query", "limit"] },
);

export const askRequestArb: fc.Arbitrary<AskRequest> = fc.record(
  { query: queryArb, limit: fc.integer({ min: 1, max: 5 }), mode: modeArb },
  { requiredKeys: ["query", "limit"] },
);

/** A valid version 00 `Traceparent` (ids not all zeros). */
export const traceparentArb = fc
  .tuple(
    fc.stringMatching(/^[0-9a-f]{32}$/),
    fc.stringMatching(/^[0-9a-f]{16}$/),
    fc.stringMatching(/^[0-9a-f]{2}$/),
  )
  .filter(([traceId, spanId]) => /[1-9a-f]/.test(traceId) && /[1-9a-f]/.test(spanId))
  .map(([traceId, spanId, flags]) => `00-${traceId}-${spanId}-${flags}`);

/**
 * What a traceparent header or column might be handed: valid ones, near misses of valid ones
 * (case, version, zero ids, length, separators, padding) and noise of any length.
 */
export const traceparentCandidateArb: fc.Arbitrary<string> = fc.oneof(
  traceparentArb,
  traceparentArb.chain((valid) =>
    fc.constantFrom(
      valid.toUpperCase(),
      `ff${valid.slice(2)}`,
      `01${valid.slice(2)}-extra`,
      `${valid}-00`,
      ` ${valid}`,
      valid.slice(0, 54),
      `${valid.slice(0, 3)}${"0".repeat(32)}${valid.slice(35)}`,
      `${valid.slice(0, 36)}${"0".repeat(16)}${valid.slice(52)}`,
      `${valid.slice(0, 53)}g${valid.slice(54)}`,
      valid.replaceAll("-", "_"),
      `${valid}\u0000`,
    ),
  ),
  fc.stringMatching(/^[0-9a-f-]{50,60}$/),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.constant("x".repeat(10_000)),
);
