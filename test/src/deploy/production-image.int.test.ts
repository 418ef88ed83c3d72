// The production image holds production code and imports cleanly: what deploy/Dockerfile does
// for each service (the build, here the one scripts/test.sh ran; then `pnpm deploy --prod`),
// then the entry point loaded with only the production dependencies installed.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProbeEntry, ProbeReport } from "./import-probe.js";
import { repoPath } from "./repo-path.js";
import { SERVICES } from "./service-env.js";

const run = promisify(execFile);

interface Entry extends ProbeEntry {
  /** What loading it ends with (`name: message`), or null when it returns. */
  readonly outcome: RegExp | null;
}

// Reached only after every static import loaded: a missing module fails before any code runs.
const MAIN: Entry = { path: "dist/main.js", outcome: /^ConfigError: invalid configuration:/ };
/** Process entry points besides main: the indexer forks its document parsers. */
const MORE_ENTRIES: Partial<Record<string, Entry[]>> = {
  indexer: [{ path: "dist/extraction/extract-child.js", outcome: /runs only as a child process/ }],
};

/** Every image deploy/Dockerfile builds: the services, and the CLI (the migration job). */
const TARGETS = [
  ...SERVICES.map((name) => ({
    name,
    dir: `services/${name}`,
    entries: [MAIN, ...(MORE_ENTRIES[name] ?? [])],
  })),
  { name: "cli", dir: "packages/cli", entries: [{ path: "dist/main.js", args: ["--help"], outcome: null }] },
];

/** Packages only tests use: none may be installed in an image. */
const DEV_ONLY = ["vitest", "playwright-core", "@tender+testing", "fast-check", "testcontainers", "axe-core"];

/** A test file or test helper, by path. */
const TEST_CODE = /(^|\/)testing\/|\.test\.[jt]s$/;

let out: string;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "tender-deploy-"));
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("production builds", () => {
  it("compile no test file or test helper (src/testing stays out of every package's build)", async () => {
    const projects = ["packages", "services"].flatMap((root) =>
      readdirSync(repoPath(root))
        .map((name) => `${root}/${name}`)
        // The web app is built by Vite from its imports; @tender/testing is itself test code.
        .filter((dir) => existsSync(repoPath(`${dir}/tsconfig.json`)) && !/\/(web|testing)$/.test(dir)),
    );
    expect(projects.length).toBeGreaterThan(15);
    for (const dir of projects) {
      const { stdout } = await run(repoPath("node_modules/.bin/tsc"), ["-p", repoPath(dir), "--showConfig"]);
      const files = (JSON.parse(stdout) as { files: string[] }).files;
      expect(files.length, dir).toBeGreaterThan(0);
      expect(
        files.filter((f) => TEST_CODE.test(f)),
        `${dir} compiles test code`,
      ).toEqual([]);
    }
  });
});

describe.each(TARGETS)("the $name image (pnpm deploy --prod)", ({ name, dir, entries }) => {
  let deployed: string;
  let report: ProbeReport;

  beforeAll(async () => {
    if (!existsSync(repoPath(`${dir}/dist/main.js`))) {
      throw new Error(`${dir}/dist/main.js is missing: build first (pnpm -s exec tsc -b)`);
    }
    deployed = join(out, name);
    // The Dockerfile's command, offline (tests call no registry): the store holds every package
    // after `pnpm install`, which also checked the lockfile against pnpm's supply-chain policies;
    // checking the deploy's share of it again would need registry metadata the cache may lack.
    await run(
      "pnpm",
      [
        "--filter",
        `@tender/${name}`,
        "--prod",
        "deploy",
        "--legacy",
        "--offline",
        "--trust-lockfile",
        deployed,
      ],
      { cwd: repoPath(".") },
    );
    const reportFile = join(out, `${name}.json`);
    await run(
      process.execPath,
      [
        "--experimental-import-meta-resolve",
        "--no-warnings",
        repoPath("test/src/deploy/import-probe.ts"),
        deployed,
        reportFile,
        JSON.stringify(entries.map(({ path, args }) => ({ path, args }))),
      ],
      // The image's environment, nothing more: a service stops at its configuration check.
      { cwd: deployed, env: { NODE_ENV: "production" } },
    );
    report = JSON.parse(readFileSync(reportFile, "utf8")) as ProbeReport;
  }, 120_000);

  it("installs no package that only tests use", () => {
    const installed = readdirSync(join(deployed, "node_modules/.pnpm"));
    expect(installed.filter((p) => DEV_ONLY.some((d) => p === d || p.startsWith(`${d}@`)))).toEqual([]);
  });

  it("loads its entry points: every module they import is there, and none is test code", () => {
    expect(report.entries).toHaveLength(entries.length);
    entries.forEach((entry, i) => {
      const error = report.entries[i];
      const outcome = error ? `${error.name}: ${error.message}` : null;
      if (entry.outcome === null) expect(outcome, entry.path).toBeNull();
      else expect(outcome, entry.path).toMatch(entry.outcome);
    });
    // The service's dist and the workspace packages' (third-party code is not ours to check).
    const ownDist = `${pathToFileURL(deployed).href}/dist/`;
    const ownModules = report.loaded.filter(
      (url) => url.startsWith(ownDist) || /\/node_modules\/@tender\//.test(url),
    );
    expect(ownModules.length).toBeGreaterThan(5);
    expect(ownModules.filter((url) => TEST_CODE.test(url))).toEqual([]);
  });

  it("loads every package the code imports on demand", () => {
    expect(report.onDemand.filter((i) => i.error !== null)).toEqual([]);
    // The indexer loads its document parsers on demand: the probe must have found them.
    if (name === "indexer") {
      expect(report.onDemand.map((i) => i.specifier)).toEqual(
        expect.arrayContaining(["unpdf", "mammoth", "exceljs"]),
      );
    }
  });
});
