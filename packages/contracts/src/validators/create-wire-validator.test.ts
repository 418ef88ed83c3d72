import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { TenderChangedV1 } from "../events/tender-changed-v1.js";
import { jsonSchemas } from "../generated/json-schemas.js";
import { SearchRequest } from "../http/search-request.js";
import { findWorkspaceRoot } from "../json-schemas/find-workspace-root.js";
import { WIRE_SCHEMA_NAMES, type WireSchemaName } from "../json-schemas/wire-schemas.js";
import { TenderRecordV1 } from "../records/tender-record-v1.js";
import { queryArb, tenderChangedArb, tenderRecordArb } from "../testing/arbitraries.js";
import {
  createTenderChangedV1Validator,
  createTenderRecordV1Validator,
  createWireValidator,
} from "./create-wire-validator.js";

const event = {
  schema_version: 1,
  event_id: "3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90",
  occurred_at: "2026-05-30T00:00:00.000Z",
  tender_id: "0b6f3c1e-7a2d-4e5f-8c9b-1a2b3c4d5e6f",
  content_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
};

const errorsOf = (value: unknown) => {
  const result = createTenderChangedV1Validator()(value);
  return result.ok ? [] : result.errors;
};

describe("createTenderChangedV1Validator", () => {
  it("accepts a valid event and returns it", () => {
    expect(createTenderChangedV1Validator()(event)).toEqual({ ok: true, value: event });
    expect(errorsOf({ ...event, occurred_at: "2026-05-30T00:00:00Z" })).toEqual([]);
  });

  it("names a missing field", () => {
    const { content_hash: _, ...missing } = event;
    expect(errorsOf(missing)).toEqual(["/content_hash is required"]);
  });

  it("names an extra field", () => {
    expect(errorsOf({ ...event, tender: {} })).toEqual(["/tender is not an allowed property"]);
  });

  it("rejects a bad hash with the pattern", () => {
    for (const content_hash of [event.content_hash.toUpperCase(), "abc", `${event.content_hash}0`]) {
      expect(errorsOf({ ...event, content_hash })).toEqual([
        '/content_hash must match pattern "^[0-9a-f]{64}$"',
      ]);
    }
  });

  it("rejects schema_version 2", () => {
    expect(errorsOf({ ...event, schema_version: 2 })).toEqual(["/schema_version must be 1"]);
  });

  it("rejects uuids and timestamps that are not in wire form", () => {
    expect(errorsOf({ ...event, event_id: `urn:uuid:${event.event_id}` })[0]).toMatch(
      /^\/event_id must match/,
    );
    expect(errorsOf({ ...event, tender_id: "not-a-uuid" })).toContain('/tender_id must match format "uuid"');
    expect(errorsOf({ ...event, occurred_at: "2026-05-30T02:00:00+02:00" })[0]).toMatch(
      /^\/occurred_at must match/,
    );
    expect(errorsOf({ ...event, occurred_at: "2026-02-30T00:00:00Z" })).toEqual([
      '/occurred_at must match format "date-time"',
    ]);
    expect(errorsOf("event")).toEqual(["/ must be object"]);
  });

  it("compiles a new validator per call", () => {
    expect(createTenderChangedV1Validator()).not.toBe(createTenderChangedV1Validator());
  });
});

describe("JSON Schema files agree with valibot", () => {
  it("valibot output of any valid event passes ajv, and ajv-valid events parse unchanged", () => {
    const validate = createTenderChangedV1Validator();
    fc.assert(
      fc.property(tenderChangedArb, (value) => {
        expect(validate(value)).toEqual({ ok: true, value });
        expect(v.parse(TenderChangedV1, value)).toEqual(value);
      }),
    );
  });

  it("valibot output of any valid record passes ajv", () => {
    const validate = createTenderRecordV1Validator();
    fc.assert(
      fc.property(tenderRecordArb, (record) => {
        const result = validate(v.parse(TenderRecordV1, record));
        expect(result.ok ? [] : result.errors).toEqual([]);
      }),
    );
  });

  it("the query pattern accepts exactly what valibot accepts", () => {
    const validate = createWireValidator("search-request");
    const padArb = fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\u3000"), maxLength: 3 });
    const candidateArb = fc.oneof(
      fc.tuple(padArb, queryArb, padArb).map(([a, q, b]) => `${a}${q}${b}`),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: "binary", minLength: 995, maxLength: 1005 }),
      fc
        .tuple(padArb, fc.string({ unit: "binary-ascii", minLength: 998, maxLength: 1002 }), padArb)
        .map((p) => p.join("")),
    );
    fc.assert(
      fc.property(candidateArb, (query) => {
        expect(validate({ query }).ok).toBe(v.safeParse(SearchRequest, { query }).success);
      }),
      { numRuns: 300 },
    );
  });
});

describe("validators are built from the committed schema files", () => {
  const root = findWorkspaceRoot(import.meta.dirname);
  const committed = (name: WireSchemaName): object =>
    JSON.parse(readFileSync(join(root, "schemas", `${name}.schema.json`), "utf8"));

  it.each(WIRE_SCHEMA_NAMES)("the %s validator compiles exactly schemas/%s.schema.json", (name) => {
    expect(jsonSchemas[name]).toEqual(committed(name));
  });

  it("an ajv compiled straight from schemas/tender-changed-v1.schema.json judges every message alike", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    formatsModule.default(ajv);
    const fromFile = ajv.compile(committed("tender-changed-v1"));
    const packaged = createTenderChangedV1Validator();
    const fields = ["schema_version", "event_id", "occurred_at", "tender_id", "content_hash", "extra"];
    // Valid events, and valid events with one field replaced, removed or added.
    const messageArb = fc.oneof(
      tenderChangedArb,
      fc
        .tuple(tenderChangedArb, fc.constantFrom(...fields), fc.option(fc.jsonValue({ maxDepth: 1 })))
        .map(([event, field, value]) => {
          const copy: Record<string, unknown> = { ...event };
          if (value === null) delete copy[field];
          else copy[field] = value;
          return copy;
        }),
    );
    fc.assert(
      fc.property(messageArb, (message) => {
        expect(packaged(message).ok).toBe(fromFile(message));
      }),
      { numRuns: 300 },
    );
  });
});
