import { describe, expect, it } from "vitest";
import { createLogPrinter } from "./log-printer.js";

function sink(colors: boolean) {
  const lines: string[] = [];
  return { lines, write: (text: string) => lines.push(text), hasColors: () => colors };
}

describe("createLogPrinter", () => {
  it("prefixes each line with the padded service name, marking levels other than info", () => {
    const out = sink(false);
    const printer = createLogPrinter(out, 10);
    printer.serviceLine("indexer", JSON.stringify({ level: "info", msg: "Indexer started", concurrency: 2 }));
    printer.serviceLine("downloader", JSON.stringify({ level: "warn", msg: "Attachment download failed" }));
    printer.serviceLine("gateway", "plain text");
    printer.say("ready");
    expect(out.lines).toEqual([
      "indexer    | Indexer started concurrency=2\n",
      "downloader | WARN Attachment download failed\n",
      "gateway    | plain text\n",
      "demo       | ready\n",
    ]);
  });

  it("colours only where the sink says it has colours", () => {
    const plain = sink(false);
    const colored = sink(true);
    createLogPrinter(plain).warn("indexer stopped");
    createLogPrinter(colored).warn("indexer stopped");
    expect(plain.lines[0]).not.toContain("\u001b[");
    expect(colored.lines[0]).toContain("\u001b[");
    expect(colored.lines[0]?.replaceAll(/\p{Cc}\[\d+m/gu, "")).toBe(plain.lines[0]);
  });
});
