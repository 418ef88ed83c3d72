import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { organisationKey } from "./organisation-key.js";

describe("organisationKey", () => {
  it.each([
    [{ identifier: "01234567", scheme: "GB-COH", name: "Acme Ltd", country: "GB" }, "GB-COH:01234567"],
    [{ identifier: "GB-COH-01234567", scheme: "gb-coh", name: null, country: null }, "GB-COH:01234567"],
    [{ identifier: "PYDR-3797-LZLJ", scheme: "GB-PPON", name: "Oxford Brookes" }, "GB-PPON:PYDR-3797-LZLJ"],
    [{ identifier: "C55603", scheme: null, name: "Mint Health Limited", country: "MT" }, "id:MT:C55603"],
    [{ identifier: "123 456 789", name: "London South Bank University", country: "GB" }, "id:GB:123456789"],
    [{ identifier: "C55603", name: "Mint Health Limited", country: null }, "name:mint health:-"],
    [
      { identifier: "TBD", name: "Public Contracts Review Board", country: "MT" },
      "name:public contracts review board:MT",
    ],
    [{ identifier: "not available", name: "PwC UK LLP", country: "GB" }, "name:pwc uk:GB"],
    [{ identifier: "12345", scheme: "not a scheme!", name: "Acme", country: "gb" }, "id:GB:12345"],
    [{ name: "ACME S.p.A.", country: "ITA" }, "name:acme:-"],
    [{ name: "  ", country: "FR" }, null],
    [{}, null],
  ])("%j → %j", (identity, expected) => {
    expect(organisationKey(identity)).toBe(expected);
  });

  it("ignores spacing and case of a registered identifier and its scheme", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"),
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom("GB-COH", "GB-PPON", "GB-CHC", "FR-RCS"),
        fc.array(fc.constantFrom(" ", ".", "\t"), { maxLength: 3 }),
        (id, scheme, noise) => {
          const digitId = `${id}7`;
          const spaced = `${noise.join("")}${digitId
            .toLowerCase()
            .split("")
            .join(noise[0] ?? "")}${noise.join("")}`;
          expect(organisationKey({ identifier: spaced, scheme: ` ${scheme.toLowerCase()} ` })).toBe(
            `${scheme}:${digitId}`,
          );
        },
      ),
    );
  });

  it("never throws and never returns an empty or multi-line key", () => {
    const text = fc.option(fc.string({ unit: "binary", maxLength: 80 }));
    fc.assert(
      fc.property(fc.record({ identifier: text, scheme: text, name: text, country: text }), (identity) => {
        const key = organisationKey(identity);
        if (key !== null) {
          expect(key.length).toBeGreaterThan(0);
          expect(key).not.toMatch(/[\n\r]/);
          expect(key.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
