import { defineConfig } from "vitest/config";

// Two projects: `unit` needs nothing but Node; `int` (`*.int.test.ts`) talks to the real
// PostgreSQL + pgvector and NATS JetStream given by DATABASE_URL / NATS_URL.
// The `@tender/source` export condition points workspace packages at their TypeScript sources,
// for test files (ssr environment) and for the global setup (__vitest__ environment) alike.
const conditions = ["@tender/source"];
const envResolve = { resolve: { conditions } };
const sourceCondition = {
  resolve: { conditions },
  environments: { ssr: envResolve, __vitest__: envResolve },
};
const roots = ["packages/*/src/**", "services/*/src/**", "test/src/**", "bench/**"];

export default defineConfig({
  ...sourceCondition,
  test: {
    // One worker per core. Vitest's default leaves one core free, which on a 2-core machine runs
    // every file one after the other; the int files mostly wait on PostgreSQL, NATS and timers,
    // so two at a time nearly halve the run.
    maxWorkers: "100%",
    projects: [
      {
        ...sourceCondition,
        test: {
          name: "unit",
          include: roots.map((r) => `${r}/*.test.ts`),
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/dist/**"],
          // A guard against hangs, not a speed check: property tests share the cores with the
          // int suite and the browser tests, and took over 5 s (vitest's default) under that load.
          testTimeout: 20_000,
          // Test files share no state (no module mocks, no globals, no process.env writes): one
          // worker imports the common modules once instead of once per file, which halves the
          // unit run. A test that must mock a module or stub a global goes into a project of its own.
          isolate: false,
        },
      },
      {
        ...sourceCondition,
        test: {
          name: "int",
          include: roots.map((r) => `${r}/*.int.test.ts`),
          exclude: ["**/node_modules/**", "**/dist/**"],
          globalSetup: ["packages/testing/src/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Each file still gets its own database and bus prefix; sharing the workers' module cache
          // only spares re-importing the same packages per file (a quarter of the int time).
          isolate: false,
        },
      },
    ],
  },
});
