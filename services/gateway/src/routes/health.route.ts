import type { HealthLive, HealthReady } from "@tender/contracts";
import { pingDatabase } from "@tender/db";
import { runHealthCheck } from "@tender/observability";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";

const state = (ok: boolean) => (ok ? "ok" : "error");

/**
 * `GET /health/live` → 200 `{"status":"ok"}` while the process answers. `GET /health/ready`
 * → 200 when PostgreSQL answers `select 1` (the primary, and the read replica when there is
 * one: `database_read`) and the AI provider's health is ok, each within 2 s, else 503
 * `unavailable` with the failing check marked `error`. Open: no key, no rate limit.
 */
export function healthRoute(deps: Pick<Deps, "db" | "readDb" | "ai">): Hono<AppEnv> {
  const { readDb } = deps;
  return new Hono<AppEnv>()
    .get("/health/live", (c) => c.json({ status: "ok" } satisfies HealthLive))
    .get("/health/ready", async (c) => {
      const [database, databaseRead, ai] = await Promise.all([
        runHealthCheck(() => pingDatabase(deps.db)),
        // Search, browsing and the card read there: a pod that cannot reach it cannot serve them.
        readDb ? runHealthCheck(() => pingDatabase(readDb)) : undefined,
        runHealthCheck(async (signal) => (await deps.ai.health({ signal })).ok),
      ]);
      const ready = database && databaseRead !== false && ai;
      const body: HealthReady = {
        status: ready ? "ready" : "unavailable",
        checks: {
          database: state(database),
          ...(databaseRead === undefined ? {} : { database_read: state(databaseRead) }),
          ai: state(ai),
        },
      };
      c.header("Cache-Control", "no-store");
      return c.json(body, ready ? 200 : 503);
    });
}
