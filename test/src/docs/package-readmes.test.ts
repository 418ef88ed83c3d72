// Every package and service says what it is in a README, and ARCHITECTURE.md links each one, so
// a newcomer can walk from the architecture to any part of the tree.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repoPath } from "../deploy/repo-path.js";

const architecture = readFileSync(repoPath("ARCHITECTURE.md"), "utf8");
const folders = ["packages", "services"].flatMap((top) =>
  readdirSync(repoPath(top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(repoPath(`${top}/${entry.name}/package.json`)))
    .map((entry) => `${top}/${entry.name}`),
);

describe("package and service READMEs", () => {
  it("finds the workspace's folders", () => {
    expect(folders.length).toBeGreaterThan(20);
  });

  it.each(folders)("%s has a README that ARCHITECTURE.md links", (folder) => {
    expect(existsSync(repoPath(`${folder}/README.md`)), `${folder}/README.md`).toBe(true);
    expect(architecture, `ARCHITECTURE.md links ${folder}/README.md`).toContain(`(${folder}/README.md)`);
  });
});
