import { describe, expect, it } from "vitest";
import { votedCpvClasses } from "./cpv-class-chunks.js";

const chunk = (tender: string, codes: string[]) => ({
  id: `${tender}-c`,
  tender_id: tender,
  cpv_codes: codes,
});

describe("votedCpvClasses", () => {
  it("gives each of the first ten tenders 1/rank, split among its classes, and keeps the two best", () => {
    const words = [
      chunk("a", ["90910000"]),
      chunk("a", ["90910000"]), // the same tender again: one vote only
      chunk("b", ["45233141", "90911200"]), // 1/2 split: 4523 and 9091 get 1/4 each
      chunk("c", ["45233000"]), // 1/3
      chunk("d", ["79000000"]), // 1/4
    ];
    // 9091: 1 + 1/4; 4523: 1/4 + 1/3; 7900: 1/4.
    expect(votedCpvClasses(words)).toEqual(["9091", "4523"]);
  });

  it("lets only the first ten distinct tenders vote, and breaks ties by code", () => {
    const words = Array.from({ length: 12 }, (_, i) => chunk(`t${i}`, [i < 10 ? "33100000" : "15000000"]));
    expect(votedCpvClasses(words)).toEqual(["3310"]);
    expect(votedCpvClasses([chunk("x", ["50000000", "45000000"])])).toEqual(["4500", "5000"]);
    expect(votedCpvClasses([chunk("x", [])])).toEqual([]);
  });
});
