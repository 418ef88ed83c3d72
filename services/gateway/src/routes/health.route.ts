import type { HealthLive, HealthReady } from "@tender/contracts";
import { Hono } from "hono";
import { sql } from "kysely";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";

/** Bound on each readiness check, so a hanging dependency answers "error" instead of hanging the probe. */
const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: (signal: AbortSignal) => Promise<boolean>): Promise<boolean> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const timedOut = new Promise<boolean>((resolve) => signal.addEventListener("abort", () => resolve(false)));
  return Promise.race([check(signal).catch(() => false), timedOut]);
}

/**
 * `GET /health/live` → 200 `{"status":"ok"}` while the process answers. `GET /health/ready`
 * → 200 when PostgreSQL answers `select 1` and the AI provider's health is ok, else 503
 * `unavailable` with the failing check marked `error`. Open: no key, no rate limit.
 */
export function healthRoute(deps: Pick<Deps, "db" | "ai">): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/health/live", (c) => c.json({ status: "ok" } satisfies HealthLive))
    .get("/health/ready", async (c) => {
      const [database, ai] = await Promise.all([
        passes(async () => {
          await sql`select 1`.execute(deps.db);
          return true;
        }),
        passes(async (signal) => (await deps.ai.health({ signal })).ok),
      ]);
      const body: HealthReady = {
        status: database && ai ? "ready" : "unavailable",
        checks: { database: database ? "ok" : "error", ai: ai ? "ok" : "error" },
      };
      c.header("Cache-Control", "no-store");
      return c.json(body, database && ai ? 200 : 503);
    });
}
