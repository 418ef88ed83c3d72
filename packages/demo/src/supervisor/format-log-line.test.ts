import { describe, expect, it } from "vitest";
import { formatLogLine } from "./format-log-line.js";

const record = (fields: Record<string, unknown>) =>
  JSON.stringify({
    level: "info",
    time: "2026-01-01T00:00:00.000Z",
    pid: 1,
    hostname: "h",
    name: "x",
    ...fields,
  });

describe("formatLogLine", () => {
  it("shows the message and the scalar fields, without the fields every record has", () => {
    expect(
      formatLogLine(record({ msg: "Sync pass finished", created: 17, cursor: null, stop: "end" })),
    ).toEqual({ level: "info", text: "Sync pass finished created=17 cursor=null stop=end" });
  });

  it("maps numeric pino levels and shows an error by its message", () => {
    const line = JSON.stringify({
      level: 50,
      msg: "Indexing failed",
      err: { type: "Error", message: "boom\nat x" },
    });
    expect(formatLogLine(line)).toEqual({ level: "error", text: 'Indexing failed err="boom at x"' });
  });

  it("keeps at most five fields, quotes values with spaces and cuts long ones", () => {
    const long = "a".repeat(80);
    const { text } = formatLogLine(
      record({ msg: "m", a: 1, b: "two words", c: long, d: true, e: 5, f: 6, nested: { x: 1 } }),
    );
    expect(text).toBe(`m a=1 b="two words" c=${"a".repeat(59)}… d=true e=5`);
  });

  it("passes a line that is not a JSON record through as it is", () => {
    expect(formatLogLine("    at main (file.js:1:1)  ")).toEqual({
      level: "out",
      text: "    at main (file.js:1:1)",
    });
    expect(formatLogLine("{not json")).toEqual({ level: "out", text: "{not json" });
    expect(formatLogLine("[1,2]")).toEqual({ level: "out", text: "[1,2]" });
  });
});
