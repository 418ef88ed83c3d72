import { describe, expect, it } from "vitest";
import { dockerStages, parseDockerfile } from "./parse-dockerfile.js";

describe("parseDockerfile", () => {
  it("joins continuation lines, skips comments and splits stages", () => {
    const instructions = parseDockerfile(
      [
        "# syntax=docker/dockerfile:1",
        "ARG BASE=node:24",
        "FROM ${BASE} AS build",
        "RUN a \\",
        "    # a comment inside",
        "    && b",
        "",
        "from build",
        'CMD ["node", "x.js"]',
      ].join("\n"),
    );
    expect(instructions).toEqual([
      { keyword: "ARG", args: "BASE=node:24", line: 2 },
      { keyword: "FROM", args: "${BASE} AS build", line: 3 },
      { keyword: "RUN", args: "a && b", line: 4 },
      { keyword: "FROM", args: "build", line: 8 },
      { keyword: "CMD", args: '["node", "x.js"]', line: 9 },
    ]);
    const stages = dockerStages(instructions);
    expect(stages.map((s) => [s.base, s.name, s.instructions.map((i) => i.keyword)])).toEqual([
      ["${BASE}", "build", ["RUN"]],
      ["build", undefined, ["CMD"]],
    ]);
  });

  it("rejects a file that ends in a continuation", () => {
    expect(() => parseDockerfile("FROM x\nRUN a \\")).toThrow(/line 2/);
  });
});
