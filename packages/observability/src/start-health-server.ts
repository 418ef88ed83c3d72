import { createServer, type Server } from "node:http";
import type { Registry } from "prom-client";
import { HEALTH_CHECK_TIMEOUT_MS, type HealthCheck, runHealthCheck } from "./run-health-check.js";

export interface HealthServer {
  /** The port actually bound (useful with port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * A tiny HTTP server for the worker services' probes: `GET /health/live` → 200 while the
 * process answers; `GET /health/ready` → 200 when every check passes, else 503 naming the
 * failing checks. Bodies follow the gateway's health shape. With `metrics`, `GET /metrics`
 * answers the registry in Prometheus text format; without `checks`, only `/metrics` is served
 * (the gateway's metrics port).
 */
export async function startHealthServer(options: {
  port: number;
  host?: string;
  checks?: Record<string, HealthCheck>;
  metrics?: Registry;
  /** Bound of each check; default `HEALTH_CHECK_TIMEOUT_MS` (2 s). */
  timeoutMs?: number;
}): Promise<HealthServer> {
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS;
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method !== "GET") return reply(405, { status: "method_not_allowed" });
    const { checks, metrics } = options;
    if (path === "/metrics" && metrics) {
      const text = await metrics.metrics();
      res.writeHead(200, { "content-type": metrics.contentType }).end(text);
      return;
    }
    if (!checks) return reply(404, { status: "not_found" });
    if (path === "/health/live") return reply(200, { status: "ok" });
    if (path !== "/health/ready") return reply(404, { status: "not_found" });
    const entries = await Promise.all(
      Object.entries(checks).map(
        async ([name, check]) => [name, (await runHealthCheck(check, timeoutMs)) ? "ok" : "error"] as const,
      ),
    );
    const ready = entries.every(([, state]) => state === "ok");
    reply(ready ? 200 : 503, {
      status: ready ? "ready" : "unavailable",
      checks: Object.fromEntries(entries),
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
