import fc from "fast-check";
import { edgeDateTimeArb, hostileUnits } from "./hostile-record-arb.js";

/** A generated OCDS release as JSON text (a deep or `1e9999` value cannot go through `JSON.stringify`). */
export interface HostileOcdsRelease {
  /** The class of hostility, for failure messages. */
  kind: string;
  json: string;
}

type Json = Record<string, unknown>;
interface Mutation {
  kind: string;
  mutate: (release: Json) => Json;
  /** Spliced in place of the string `"@splice@"` of the mutated release's JSON text. */
  splice?: string;
}

/** A valid OCDS tender release, in the shape Contracts Finder and Find a Tender publish. */
export function ocdsReleaseCandidate(ocid: string, id: string): Json {
  return {
    ocid,
    id,
    date: "2026-05-29T16:12:45+01:00",
    tag: ["tender"],
    tender: {
      title: `Tender ${id}`,
      description: "Works",
      value: { amount: 490000, currency: "GBP" },
      tenderPeriod: { endDate: "2026-06-19T12:00:00+01:00" },
      classification: { scheme: "CPV", id: "45000000" },
      items: [{ id: "1", deliveryAddresses: [{ region: "UKI" }] }],
      documents: [{ id: "1", documentType: "biddingDocuments", url: `https://example.com/${id}.pdf` }],
    },
    buyer: { id: "GB-1", name: "Buyer" },
    parties: [{ id: "GB-1", name: "Buyer", roles: ["buyer"], address: { countryName: "United Kingdom" } }],
  };
}

const at = (release: Json, path: readonly string[], value: unknown): Json => {
  const copy = structuredClone(release);
  let node: Json = copy;
  for (const key of path.slice(0, -1)) {
    node[key] = node[key] ?? {};
    node = node[key] as Json;
  }
  node[path.at(-1) as string] = value;
  return copy;
};

const datePaths = [["date"], ["tender", "datePublished"], ["tender", "tenderPeriod", "endDate"]] as const;
const hostileDate = fc.tuple(fc.constantFrom(...datePaths), edgeDateTimeArb).map(
  ([path, date]): Mutation => ({
    kind: `date ${path.join(".")} ${date}`,
    mutate: (r) => at(r, path, date),
  }),
);

const textPaths = [
  ["ocid"],
  ["id"],
  ["tender", "title"],
  ["tender", "description"],
  ["buyer", "name"],
  ["tender", "documents", "0", "url"],
  ["tender", "documents", "0", "description"],
  ["tender", "classification", "id"],
] as const;
const hostileText = fc.tuple(fc.constantFrom(...textPaths), hostileUnits, fc.nat(8)).map(
  ([path, unit, index]): Mutation => ({
    kind: `text ${path.join(".")} ${JSON.stringify(unit)}`,
    mutate: (r) => {
      const copy = structuredClone(r);
      let node = copy as Json;
      for (const key of path.slice(0, -1)) node = node[key] as Json;
      const key = path.at(-1) as string;
      const text = String(node[key] ?? "text");
      node[key] = `${text.slice(0, index)}${unit}${text.slice(index)}`;
      return copy;
    },
  }),
);

const hostileSize = fc.constantFrom<Mutation>(
  { kind: "huge title", mutate: (r) => at(r, ["tender", "title"], "T".repeat(100_000)) },
  { kind: "huge description", mutate: (r) => at(r, ["tender", "description"], "d ".repeat(600_000)) },
  {
    kind: "huge documents list",
    mutate: (r) =>
      at(
        r,
        ["tender", "documents"],
        Array.from({ length: 600 }, (_, i) => ({ id: `${i}`, url: `https://example.com/${i}.pdf` })),
      ),
  },
  { kind: "huge amount 1e308", mutate: (r) => at(r, ["tender", "value", "amount"], 1e308) },
  { kind: "huge amount text", mutate: (r) => at(r, ["tender", "value", "amount"], "9".repeat(400)) },
  {
    kind: "amount 1e9999",
    mutate: (r) => at(r, ["tender", "value", "amount"], "@splice@"),
    splice: "1e9999",
  },
  {
    kind: "lot amount -1e9999",
    mutate: (r) => at(r, ["tender", "lots"], [{ value: { amount: "@splice@" } }]),
    splice: "-1e9999",
  },
  { kind: "huge ocid", mutate: (r) => at(r, ["ocid"], `${r.ocid}-${"x".repeat(600)}`) },
  { kind: "huge release id", mutate: (r) => at(r, ["id"], `${r.id}-${"x".repeat(600)}`) },
);

const hostileDepth = fc.constantFrom(65, 1000, 100_000).map(
  (depth): Mutation => ({
    kind: `nesting ${depth} levels`,
    mutate: (r) => at(r, ["tender", "extension"], "@splice@"),
    splice: `${"[".repeat(depth)}${"]".repeat(depth)}`,
  }),
);

const hostileShape = fc.constantFrom<Mutation>(
  { kind: "missing ocid", mutate: ({ ocid: _ocid, ...rest }) => rest },
  { kind: "blank ocid", mutate: (r) => at(r, ["ocid"], "   ") },
  { kind: "ocid a number", mutate: (r) => at(r, ["ocid"], 42) },
  { kind: "missing release id", mutate: ({ id: _id, ...rest }) => rest },
  { kind: "blank release id", mutate: (r) => at(r, ["id"], " \t ") },
  { kind: "tender an array", mutate: (r) => at(r, ["tender"], []) },
  { kind: "title a number", mutate: (r) => at(r, ["tender", "title"], 7) },
  { kind: "no buyer", mutate: ({ buyer: _b, parties: _p, ...rest }) => rest },
  { kind: "no dates", mutate: ({ date: _d, ...rest }) => at(rest, ["tender", "datePublished"], null) },
  { kind: "release a string", mutate: () => "@splice@" as unknown as Json, splice: '"release"' },
  { kind: "release null", mutate: () => "@splice@" as unknown as Json, splice: "null" },
);

/**
 * An OCDS release (ocid `ocid`, release id `id`) with one hostile change: a date at a calendar
 * edge, a code unit PostgreSQL refuses, a huge or non-finite value (`1e9999`, which `JSON.parse`
 * reads as Infinity), deep nesting, a missing ocid or release id, or a wrong shape. Mapped and stored, each must
 * end stored or quarantined with its reason, never failing its page.
 */
export function hostileOcdsReleaseArb(ocid: string, id: string): fc.Arbitrary<HostileOcdsRelease> {
  return fc
    .oneof(hostileDate, hostileText, hostileSize, hostileDepth, hostileShape)
    .map(({ kind, mutate, splice }) => {
      const json = JSON.stringify(mutate(ocdsReleaseCandidate(ocid, id)));
      return { kind, json: splice === undefined ? json : json.replace('"@splice@"', () => splice) };
    });
}
