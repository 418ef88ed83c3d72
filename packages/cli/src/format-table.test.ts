import { describe, expect, it } from "vitest";
import { formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("pads every column but the last to its widest cell, counting code points", () => {
    expect(
      formatTable(
        ["ID", "NAME", "X"],
        [
          ["1", "ключ", "yes"],
          ["22", "b", "no"],
        ],
      ),
    ).toBe("ID  NAME  X\n1   ключ  yes\n22  b     no");
  });
  it("replaces control characters so a name cannot break the layout", () => {
    expect(formatTable(["A"], [["x\ny\u001b"]])).toBe("A\nx?y?");
  });
});
