import { describe, expect, it } from "vitest";
import { cleanLine, cleanText, distinctLines } from "./clean-text.js";

describe("clean text", () => {
  it("decodes HTML entities strictly", () => {
    expect(cleanLine("Falu Energi &amp; Vatten")).toBe("Falu Energi & Vatten");
    expect(cleanLine("a &lt;b&gt; &#233;")).toBe("a <b> é");
    // Without the semicolon it is not an entity (e.g. inside a URL query).
    expect(cleanLine("https://x.example/?a=1&copy=2")).toBe("https://x.example/?a=1&copy=2");
  });

  it("keeps line breaks in text and collapses them in lines", () => {
    expect(cleanText(" Tender details:\r\n \r\nVehicle type: Saloon \r\n")).toBe(
      "Tender details:\n \nVehicle type: Saloon",
    );
    expect(cleanLine(" Taxi \r\n and\tMPV ")).toBe("Taxi and MPV");
    expect(cleanText(" \r\n ")).toBeNull();
    expect(cleanLine("")).toBeNull();
  });

  it("keeps distinct names in first-seen order", () => {
    expect(distinctLines(["B", " A ", "B", "", "A"])).toEqual(["B", "A"]);
  });
});
