import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type DockerInstruction, dockerStages, parseDockerfile } from "./parse-dockerfile.js";
import { repoPath } from "./repo-path.js";
import { SERVICES } from "./service-env.js";

const instructions = parseDockerfile(readFileSync(repoPath("deploy/Dockerfile"), "utf8"));
const stages = dockerStages(instructions);
const globalArgs = instructions.slice(
  0,
  instructions.findIndex((i) => i.keyword === "FROM"),
);
const runtime = stages.at(-1);
const build = stages.find((s) => s.name === "build");

function argDefault(list: readonly DockerInstruction[], name: string): string | undefined {
  const arg = list.find((i) => i.keyword === "ARG" && i.args.split("=")[0] === name);
  return arg?.args.includes("=") ? arg.args.slice(arg.args.indexOf("=") + 1) : undefined;
}

function runs(list: readonly DockerInstruction[]): string[] {
  return list.filter((i) => i.keyword === "RUN").map((i) => i.args);
}

describe("deploy/Dockerfile", () => {
  it("has a build stage and a separate runtime stage, both on a pinned Node 24 image", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    expect(runtime?.name).toBe("runtime");
    const nodeImage = argDefault(globalArgs, "NODE_IMAGE");
    expect(nodeImage).toMatch(/^node:24[.\d]*-bookworm-slim$/);
    for (const stage of stages) {
      const image = stage.base === "${NODE_IMAGE}" ? (nodeImage ?? "") : stage.base;
      expect(image, `FROM on line ${stage.from.line}`).toMatch(/^[^:@\s]+(:[\w.-]+|@sha256:[0-9a-f]{64})$/);
      expect(image).not.toMatch(/:latest$/);
    }
  });

  it("builds exactly the packages that exist, chosen by ARG SERVICE", () => {
    expect(build?.instructions.some((i) => i.keyword === "ARG" && i.args === "SERVICE")).toBe(true);
    const buildStep = runs(build?.instructions ?? []).find((r) => r.includes("tsc -b"));
    expect(buildStep).toBeDefined();
    const accepted =
      /case "\$\{SERVICE:-\}" in\s+([\w|[\]-]+)\)/.exec(buildStep ?? "")?.[1]?.split("|") ?? [];
    // A pattern like ingest-source-[a-z] accepts every source's ingest service.
    const matchers = accepted.map((pattern) => new RegExp(`^${pattern}$`));
    const existing = readdirSync(repoPath("services")).filter((d) =>
      existsSync(repoPath(`services/${d}/package.json`)),
    );
    for (const name of existing)
      expect(
        matchers.some((m) => m.test(name)),
        name,
      ).toBe(true);
    for (const matcher of matchers)
      expect(
        existing.some((name) => matcher.test(name)),
        String(matcher),
      ).toBe(true);
    expect(matchers.some((m) => m.test("ingest-source-a/../x"))).toBe(false);
    expect([...existing].sort()).toEqual([...SERVICES].sort());
    expect(buildStep).toMatch(/cli\) dir="packages\/cli"/);
    // An unknown SERVICE stops the build with a message instead of building nothing.
    expect(buildStep).toMatch(/\*\) echo "SERVICE must be [^"]+" >&2; exit 1/);
    // The gateway image ships the web app's static files.
    expect(buildStep).toMatch(/if \[ "\$SERVICE" = gateway \]; then pnpm --filter @tender\/web build; fi/);
  });

  it("installs from the lockfile and deploys the production dependencies of @tender/$SERVICE only", () => {
    const steps = runs(build?.instructions ?? []).join("\n");
    expect(steps).toMatch(/pnpm install --frozen-lockfile/);
    expect(steps).toMatch(/pnpm --filter "@tender\/\$\{SERVICE\}" --prod deploy --legacy .*\/out/);
    expect(argDefault(build?.instructions ?? [], "PNPM_VERSION")).toMatch(/^12\.\d+\.\d+$/);
    const copies = build?.instructions.filter((i) => i.keyword === "COPY").map((i) => i.args) ?? [];
    // The lockfile comes first on its own, so the dependency layer is cached across source changes.
    expect(copies[0]).toBe("pnpm-lock.yaml pnpm-workspace.yaml ./");
  });

  it("runs node dist/main.js as uid 10001 under tini, with only the deployed package copied in", () => {
    const final = runtime?.instructions ?? [];
    const user = final.filter((i) => i.keyword === "USER").at(-1)?.args;
    expect(user).toBe("10001:10001");
    expect(runs(final).join("\n")).toMatch(/apt-get install -y --no-install-recommends tini/);
    expect(runs(final).join("\n")).toMatch(/useradd --system --uid 10001 --gid 10001/);
    expect(JSON.parse(final.find((i) => i.keyword === "ENTRYPOINT")?.args ?? "null")).toEqual([
      "/usr/bin/tini",
      "--",
    ]);
    expect(JSON.parse(final.find((i) => i.keyword === "CMD")?.args ?? "null")).toEqual([
      "node",
      "dist/main.js",
    ]);
    expect(final.filter((i) => i.keyword === "COPY").map((i) => i.args)).toEqual([
      "--from=build --chown=0:0 /out /app",
    ]);
    // Root-owned code the service user cannot modify; its only writable places are /tmp and STORAGE_DIR.
    expect(final.find((i) => i.keyword === "WORKDIR")?.args).toBe("/app");
    expect(runs(final).join("\n")).toMatch(/chown 10001:10001 \/var\/lib\/tender\/files/);
    expect(
      final.some((i) => i.keyword === "ENV" && /STORAGE_DIR=\/var\/lib\/tender\/files/.test(i.args)),
    ).toBe(true);
    // Nothing runs as root after the switch to the service user.
    const userIndex = final.findIndex((i) => i.keyword === "USER");
    expect(final.slice(userIndex).filter((i) => i.keyword === "RUN")).toEqual([]);
  });

  it("every deployable package starts with dist/main.js", () => {
    for (const service of SERVICES) {
      const pkg = JSON.parse(readFileSync(repoPath(`services/${service}/package.json`), "utf8"));
      expect(pkg.name).toBe(`@tender/${service}`);
      expect(pkg.scripts?.start).toBe("node dist/main.js");
      expect(existsSync(repoPath(`services/${service}/src/main.ts`))).toBe(true);
    }
    const cli = JSON.parse(readFileSync(repoPath("packages/cli/package.json"), "utf8"));
    expect(cli.name).toBe("@tender/cli");
    expect(cli.bin?.tender).toBe("./dist/main.js");
  });
});

describe(".dockerignore", () => {
  const patterns = readFileSync(repoPath(".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));

  it("keeps local builds, dependencies, git data and env files out of the build context", () => {
    for (const excluded of ["**/node_modules", "**/dist", ".git", ".env", "**/*.tsbuildinfo"]) {
      expect(patterns).toContain(excluded);
    }
  });

  it("keeps everything the build reads", () => {
    const needed = [
      "package.json",
      "pnpm-lock.yaml",
      "pnpm-workspace.yaml",
      "tsconfig.base.json",
      "packages",
      "services",
      "test/package.json",
    ];
    for (const path of needed) {
      expect(existsSync(repoPath(path)), path).toBe(true);
      const first = path.split("/")[0] ?? path;
      expect(patterns, path).not.toContain(path);
      expect(patterns, path).not.toContain(first);
    }
    expect(patterns.some((p) => p.startsWith("!"))).toBe(false);
  });

  it("leaves out the demo's recorded data and the benchmarks, which no image needs", () => {
    expect(patterns).toContain("packages/demo/fixtures");
    expect(patterns).toContain("bench");
    // The demo package's manifest stays: `pnpm install --frozen-lockfile` reads every workspace one.
    expect(patterns).not.toContain("packages/demo");
    for (const root of [...SERVICES.map((s) => `services/${s}`), "packages/cli"]) {
      const closure = productionClosure(root);
      expect(closure.size, root).toBeGreaterThan(1);
      expect([...closure], root).not.toContain("packages/demo");
    }
  });
});

/** Directories of the workspace packages, by package name. */
function workspaceDirs(): Map<string, string> {
  const dirs = new Map<string, string>();
  for (const parent of ["packages", "services"]) {
    for (const dir of readdirSync(repoPath(parent))) {
      const manifest = repoPath(`${parent}/${dir}/package.json`);
      if (existsSync(manifest)) dirs.set(JSON.parse(readFileSync(manifest, "utf8")).name, `${parent}/${dir}`);
    }
  }
  return dirs;
}

/** `root` and every workspace package it reaches through production `dependencies` (what pnpm deploy copies). */
function productionClosure(root: string): Set<string> {
  const dirs = workspaceDirs();
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(repoPath(`${dir}/package.json`), "utf8"));
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      const next = dirs.get(name);
      if (next !== undefined) visit(next);
    }
  };
  visit(root);
  return seen;
}
