import { defineConfig } from "vitest/config";

// Two projects: `unit` needs nothing but Node; `int` (`*.int.test.ts`) talks to the real
// PostgreSQL + pgvector and NATS JetStream given by DATABASE_URL / NATS_URL.
const sourceCondition = { resolve: { conditions: ["@tender/source"] } };
const roots = ["packages/*/src/**", "services/*/src/**", "test/src/**", "bench/**"];

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceCondition,
        test: {
          name: "unit",
          include: roots.map((r) => `${r}/*.test.ts`),
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/dist/**"],
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
        },
      },
    ],
  },
});
