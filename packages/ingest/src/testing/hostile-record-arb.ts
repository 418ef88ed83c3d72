import { RECORD_LIMITS } from "@tender/contracts";
import fc from "fast-check";
import { tenderCandidate } from "./tender-candidate.js";

/** A generated candidate and the class of hostility it was built with (for failure messages). */
export interface HostileCandidate {
  kind: string;
  /** The candidate as one JSON text (a payload nested 100,000 levels cannot go through `JSON.stringify`). */
  json: string;
}

type Mutation = (base: Record<string, unknown>) => Record<string, unknown>;

/** A mutation may give `raw_payload` as JSON text, spliced into the record's text. */
interface HostileMutation {
  kind: string;
  mutate: Mutation;
  rawPayloadText?: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

// Years where PostgreSQL (4713 BC..294276 AD) and JavaScript (±8.64e15 ms: -271821..+275760)
// disagree with each other or with ISO 8601: no year 0 in PostgreSQL, expanded years, both ends.
const yearText = fc.oneof(
  fc.constantFrom(0, 1, 1582, 1900, 2000, 2100, 9999).map((y) => pad(y, 4)),
  fc.integer({ min: 0, max: 9999 }).map((y) => pad(y, 4)),
  fc.constantFrom(
    "+275760",
    "+275761",
    "-271821",
    "-000001",
    "+294276",
    "+294277",
    "10000",
    "-4713",
    "+002026",
  ),
);

const dateTimeText = (parts: {
  year: string;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: string;
  zone: string;
}) =>
  `${parts.year}-${pad(parts.month, 2)}-${pad(parts.day, 2)}T${pad(parts.hour, 2)}:${pad(parts.minute, 2)}${parts.second}${parts.zone}`;

const zones = fc.constantFrom("Z", "", "+00:00", "+14:00", "-12:00", "+23:59", "-23:59", "+24:00", "+0530");

// Well-formed date-times in the edge years, so the ones validation accepts reach the database.
const edgeYearDateTime = fc
  .record({
    year: fc.constantFrom("0000", "0001", "1582", "1900", "2000", "2100", "9999"),
    month: fc.constantFrom(1, 2, 12),
    day: fc.constantFrom(1, 28, 29, 31),
    hour: fc.constantFrom(0, 23),
    minute: fc.constantFrom(0, 59),
    second: fc.constantFrom("", ":00", ":59.999"),
    zone: zones,
  })
  .map(dateTimeText);

const anyEdgeDateTime = fc
  .record({
    year: yearText,
    month: fc.oneof(fc.constantFrom(0, 1, 2, 12, 13), fc.integer({ min: 1, max: 12 })),
    day: fc.oneof(fc.constantFrom(0, 1, 28, 29, 30, 31, 32), fc.integer({ min: 1, max: 31 })),
    hour: fc.constantFrom(0, 12, 23, 24),
    minute: fc.constantFrom(0, 59, 60),
    second: fc.constantFrom("", ":00", ":59", ":60", ":59.999", ":59.9999999"),
    zone: zones,
  })
  .map(dateTimeText);

/** Date-times at the edges of every calendar involved: leap days, leap seconds, 24:00, offsets. */
export const edgeDateTimeArb: fc.Arbitrary<string> = fc.oneof(edgeYearDateTime, anyEdgeDateTime);

/**
 * Code units PostgreSQL refuses (NUL, lone surrogates in jsonb, a reversed pair) and some that
 * are odd but storable (line separator, non-characters, byte order mark, bidi override).
 */
export const hostileUnits: fc.Arbitrary<string> = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\udc00\ud800",
  "\u2028",
  "\ufffe",
  "\uffff",
  "\ufeff",
  "\u202e",
);

const insertAt = (text: string, unit: string, at: number) => {
  const i = Math.min(text.length, at);
  return `${text.slice(0, i)}${unit}${text.slice(i)}`;
};

const textField = fc.constantFrom(
  "title",
  "buyer_name",
  "description",
  "external_id",
  "raw_payload.value",
  "raw_payload.key",
  "attachments.title",
  "attachments.filename",
);

const attachment = (i: number, over: Record<string, unknown> = {}) => ({
  external_id: null,
  title: null,
  filename: `file-${i}.pdf`,
  source_url: `https://example.com/files/${i}.pdf`,
  content_type: null,
  ...over,
});

const hostileText: fc.Arbitrary<HostileMutation> = fc
  .tuple(textField, hostileUnits, fc.nat(12))
  .map(([field, unit, at]) => ({
    kind: `text ${field} ${JSON.stringify(unit)}`,
    mutate: (base) => {
      const put = (text: string) => insertAt(text, unit, at);
      if (field === "raw_payload.value") return { ...base, raw_payload: { note: put("payload text") } };
      if (field === "raw_payload.key") return { ...base, raw_payload: { [put("key")]: 1 } };
      if (field === "attachments.title")
        return { ...base, attachments: [attachment(0, { title: put("Spec") })] };
      if (field === "attachments.filename") {
        return { ...base, attachments: [attachment(0, { filename: put("spec.pdf") })] };
      }
      const current = typeof base[field] === "string" ? (base[field] as string) : "Text";
      return { ...base, [field]: put(current) };
    },
  }));

/** `length` code points of one-, two-, three- and four-byte characters: up to 4 bytes each in UTF-8. */
const textOfCodePoints = (length: number) =>
  fc
    .array(fc.constantFrom("a", "é", "€", "😀"), { minLength: 1, maxLength: 4 })
    .map((units) => Array.from({ length }, (_, i) => units[i % units.length]).join(""));

// Random characters do not compress: a btree entry over 2,704 bytes is refused as it is.
const incompressible = (length: number) =>
  fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
    minLength: length,
    maxLength: length,
  });

const around = (limit: number) => fc.integer({ min: limit - 2, max: limit + 2 });

const hostileSize: fc.Arbitrary<HostileMutation> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        ["external_id", RECORD_LIMITS.externalId],
        ["title", RECORD_LIMITS.title],
        ["buyer_name", RECORD_LIMITS.buyerName],
      ),
      fc.integer({ min: -2, max: 2 }),
    )
    .chain(([[field, limit], delta]) =>
      textOfCodePoints(limit + delta).map((text) => ({
        kind: `size ${field} ${limit + delta}`,
        // The external id keeps its own id in front, so records of one page stay distinct.
        mutate: (base: Record<string, unknown>) => {
          const prefix = field === "external_id" ? `${base.external_id}~` : "";
          return { ...base, [field]: prefix + [...text].slice(prefix.length).join("") };
        },
      })),
    ),
  // The attachment URL key: 2,704 bytes is the btree limit, 4,096 characters ours.
  fc.oneof(around(2704), around(RECORD_LIMITS.sourceUrl)).chain((length) =>
    incompressible(length - "https://example.com/".length).map((path) => ({
      kind: `size attachment source_url ${length}`,
      mutate: (base: Record<string, unknown>) => ({
        ...base,
        attachments: [attachment(0, { source_url: `https://example.com/${path}` })],
      }),
    })),
  ),
  fc.constantFrom(RECORD_LIMITS.attachments, RECORD_LIMITS.attachments + 1).map((count) => ({
    kind: `size ${count} attachments`,
    mutate: (base: Record<string, unknown>) => ({
      ...base,
      attachments: Array.from({ length: count }, (_, i) => attachment(i)),
    }),
  })),
  fc.constantFrom(-2, 0, 2).map((delta) => ({
    kind: `size raw_payload ${RECORD_LIMITS.rawPayloadBytes + delta} bytes`,
    // {"t":"…"} is 8 bytes around the text.
    mutate: (base: Record<string, unknown>) => ({
      ...base,
      raw_payload: { t: "x".repeat(RECORD_LIMITS.rawPayloadBytes + delta - 8) },
    }),
  })),
);

const hostileNesting: fc.Arbitrary<HostileMutation> = fc
  .tuple(fc.constantFrom(62, 63, 64, 65, 1000, 100_000), fc.boolean())
  .map(([depth, arrays]) => {
    // The payload object is level 1; `depth - 1` containers inside it.
    const inner = depth - 1;
    const rawPayloadText = arrays
      ? `{"a":${"[".repeat(inner)}${"]".repeat(inner)}}`
      : `{"a":${'{"a":'.repeat(inner - 1)}{}${"}".repeat(inner - 1)}}`;
    return {
      kind: `nesting raw_payload ${depth} levels of ${arrays ? "arrays" : "objects"}`,
      mutate: (base) => base,
      rawPayloadText,
    };
  });

const hostileDate: fc.Arbitrary<HostileMutation> = fc
  .tuple(fc.constantFrom("published_at", "deadline"), edgeDateTimeArb)
  .map(([field, date]) => ({
    kind: `date ${field} ${date}`,
    mutate: (base) => ({ ...base, [field]: date }),
  }));

const hostileAmount: fc.Arbitrary<HostileMutation> = fc
  .constantFrom(
    "999999999999999999.99",
    "9999999999999999999.99",
    "1e5",
    "-0.00",
    "0.001",
    "NaN",
    " 1.00",
    "١٢",
  )
  .map((amount) => ({ kind: `amount ${amount}`, mutate: (base) => ({ ...base, amount, currency: "EUR" }) }));

/**
 * A `TenderRecordV1` candidate of source `source` and external id `id` with one hostile change:
 * a date at a calendar edge, a string PostgreSQL refuses, a size around a limit or an index's
 * row limit, deep nesting, an odd amount. Some still pass validation; those must be storable.
 */
export function hostileCandidateArb(source: string, id: string): fc.Arbitrary<HostileCandidate> {
  return fc
    .oneof(hostileDate, hostileDate, hostileText, hostileSize, hostileNesting, hostileAmount)
    .map(({ kind, mutate, rawPayloadText }) => {
      const candidate = mutate(tenderCandidate(source, id));
      if (rawPayloadText === undefined) return { kind, json: JSON.stringify(candidate) };
      const json = JSON.stringify({ ...candidate, raw_payload: "@raw_payload@" });
      return { kind, json: json.replace('"@raw_payload@"', () => rawPayloadText) };
    });
}
