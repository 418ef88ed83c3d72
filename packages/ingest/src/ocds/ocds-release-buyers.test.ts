import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noticeBuyerKeys } from "../procedure/notice-buyer-keys.js";
import { ocdsReleaseBuyers } from "./ocds-release-buyers.js";

const keys = (release: unknown) => noticeBuyerKeys(ocdsReleaseBuyers(release));

describe("ocdsReleaseBuyers and noticeBuyerKeys", () => {
  it("read the buyer with its registered identifier, and every party buying jointly", () => {
    const release = {
      buyer: { id: "GB-COH-01234567", name: "Oxford City Council" },
      parties: [
        {
          id: "GB-COH-01234567",
          name: "Oxford City Council",
          identifier: { scheme: "GB-COH", id: "01234567" },
          roles: ["buyer"],
        },
        { id: "cpb", name: "Crown Commercial Service", roles: ["procuringEntity"] },
        { id: "s", name: "Acme Ltd", roles: ["supplier"] },
      ],
    };
    expect(keys(release)).toEqual([
      "GB-COH:01234567",
      "name:crown commercial service",
      "name:oxford city council",
    ]);
  });

  it("match spellings of one name, and name no buyer without one", () => {
    expect(keys({ buyer: { name: "OXFORD  City Council." } })).toEqual(
      keys({ buyer: { name: "Oxford City Council" } }),
    );
    expect(keys({ parties: [{ name: "Acme", roles: ["supplier"] }] })).toEqual([]);
  });

  it("never throw, and keep at most 64 keys of at most 200 characters, whatever the release", () => {
    fc.assert(
      fc.property(fc.anything(), (release) => {
        const found = keys(release);
        expect(found.length).toBeLessThanOrEqual(64);
        for (const key of found) expect([...key].length).toBeLessThanOrEqual(200);
      }),
    );
    const many = {
      parties: Array.from({ length: 500 }, (_, i) => ({
        name: `Buyer ${i} ${"x".repeat(300)}`,
        roles: ["buyer"],
      })),
    };
    expect(keys(many).length).toBeLessThanOrEqual(64);
  });
});
