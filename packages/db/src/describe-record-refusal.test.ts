import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeRecordRefusal } from "./describe-record-refusal.js";

const pgError = (code: string, message = "m", constraint?: string) =>
  Object.assign(new Error(message), { code, ...(constraint ? { constraint } : {}) });

describe("describeRecordRefusal", () => {
  it("names the SQLSTATE and message of a refused row, shortened", () => {
    expect(describeRecordRefusal(pgError("22008", "date/time field value out of range"))).toEqual({
      sqlState: "22008",
      reason: "database refused it: date/time field value out of range (SQLSTATE 22008)",
    });
    expect(describeRecordRefusal(pgError("23514", "violates check", "tenders_currency_format"))?.reason).toBe(
      "database refused it: violates check (SQLSTATE 23514, constraint tenders_currency_format)",
    );
    expect(describeRecordRefusal(pgError("54000", "x".repeat(5000)))?.reason.length).toBeLessThan(400);
  });

  it("leaves connection, serialization, resource and shutdown errors to fail the page", () => {
    const notTheRecord = fc.stringMatching(/^(08|40|53|57|25|42|XX)[0-9A-Z]{3}$/);
    fc.assert(
      fc.property(notTheRecord, (code) => {
        expect(describeRecordRefusal(pgError(code))).toBeNull();
      }),
    );
    const theRecord = fc.stringMatching(/^(21|22|23|54)[0-9A-Z]{3}$/);
    fc.assert(
      fc.property(theRecord, (code) => {
        expect(describeRecordRefusal(pgError(code))?.sqlState).toBe(code);
      }),
    );
    for (const other of [
      new Error("ECONNRESET"),
      Object.assign(new Error("x"), { code: "ECONNREFUSED" }),
      null,
      "22008",
    ]) {
      expect(describeRecordRefusal(other)).toBeNull();
    }
  });
});
