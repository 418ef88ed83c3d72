import type { HealthLive, HealthReady } from "@tender/contracts";
import { pingDatabase } from "@tender/db";
import { runHealthCheck } from "@tender/observability";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";

/**
 * `GET /health/live` → 200 `{"status":"ok"}` while the process answers. `GET /health/ready`
 * → 200 when PostgreSQL answers `select 1` and the AI provider's health is ok, each within 2 s,
 * else 503 `unavailable` with the failing check marked `error`. Open: no key, no rate limit.
 */
export function healthRoute(deps: Pick<Deps, "db" | "ai">): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/health/live", (c) => c.json({ status: "ok" } satisfies HealthLive))
    .get("/health/ready", async (c) => {
      const [database, ai] = await Promise.all([
        runHealthCheck(() => pingDatabase(deps.db)),
        runHealthCheck(async (signal) => (await deps.ai.health({ signal })).ok),
      ]);
      const body: HealthReady = {
        status: database && ai ? "ready" : "unavailable",
        checks: { database: database ? "ok" : "error", ai: ai ? "ok" : "error" },
      };
      c.header("Cache-Control", "no-store");
      return c.json(body, database && ai ? 200 : 503);
    });
}
