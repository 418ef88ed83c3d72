import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quarantineRecordOnce } from "./ingest.repository.js";
import { QUARANTINE_MAX_BYTES, QUARANTINE_MAX_DEPTH } from "./to-quarantine-payload.js";

const t = useTestDatabase();
describe("quarantineRecordOnce", () => {
  it("writes one row per source, id, reason and payload", async () => {
    const input = { source: "ted", externalId: "1-2026", reason: "title: missing", rawPayload: { a: 1 } };
    expect(await quarantineRecordOnce(t.db, input)).toBe(true);
    expect(await quarantineRecordOnce(t.db, input)).toBe(false);
    expect(await quarantineRecordOnce(t.db, { ...input, reason: "buyer_name: missing" })).toBe(true);
    expect(await quarantineRecordOnce(t.db, { ...input, externalId: null })).toBe(true);
    const rows = await t.db
      .selectFrom("quarantined_records")
      .select("id")
      .where("source", "=", "ted")
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("keeps a record holding NUL characters, each stored as U+FFFD, once", async () => {
    const input = {
      source: "contracts_finder",
      externalId: "ocds-\u0000-1",
      reason: 'published_at: "\u0000" is not a date',
      rawPayload: { ocid: "ocds-\u0000-1", "k\u0000": ["x\u0000y", 2] },
    };
    expect(await quarantineRecordOnce(t.db, input)).toBe(true);
    expect(await quarantineRecordOnce(t.db, input)).toBe(false);
    const row = await t.db
      .selectFrom("quarantined_records")
      .selectAll()
      .where("source", "=", "contracts_finder")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      external_id: "ocds-\uFFFD-1",
      reason: 'published_at: "\uFFFD" is not a date',
      raw_payload: { ocid: "ocds-\uFFFD-1", "k\uFFFD": ["x\uFFFDy", 2] },
    });
  });
});

describe("quarantineRecordOnce with hostile payloads", () => {
  // Strings of any UTF-16 code units: NUL, lone surrogates, pairs, controls.
  const hostileString = fc.string({ unit: "binary", maxLength: 12 });
  const hostileJson = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileString,
      fc.double(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(hostileString, tie("value"), { maxKeys: 3 }),
    ),
  })).value;

  it("stores any JSON payload, whatever strings it holds, and never fails", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, hostileString, async (payload, label) => {
        const input = { source: "fuzz", externalId: label, reason: `r ${label}`, rawPayload: payload };
        await quarantineRecordOnce(t.db, input);
        expect(await quarantineRecordOnce(t.db, input)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps a stand-in for a payload nested too deep or too large, and bounds labels", async () => {
    const deep = JSON.parse(`{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    const large = { text: "x".repeat(QUARANTINE_MAX_BYTES) };
    const long = "é".repeat(10_000);
    for (const [name, rawPayload] of [
      ["deep", deep],
      ["large", large],
    ] as const) {
      expect(
        await quarantineRecordOnce(t.db, { source: name, externalId: long, reason: long, rawPayload }),
      ).toBe(true);
    }
    const rows = await t.db
      .selectFrom("quarantined_records")
      .selectAll()
      .where("source", "in", ["deep", "large"])
      .orderBy("source")
      .execute();
    expect(rows.map((r) => r.raw_payload)).toEqual([
      { payload_not_kept: `nested deeper than ${QUARANTINE_MAX_DEPTH} levels` },
      {
        payload_not_kept: `${QUARANTINE_MAX_BYTES + 11} bytes as JSON text, over ${QUARANTINE_MAX_BYTES}`,
        json_prefix: `{"text":"${"x".repeat(64 * 1024 - 9)}`,
      },
    ]);
    for (const row of rows) {
      expect(row.external_id).toHaveLength(1001);
      expect(row.reason).toHaveLength(1001);
    }
  });
});
