import { context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { type Logger, startSpan } from "@tender/observability";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../../app-env.js";
import { type GatewayMetrics, HTTP_METHODS } from "../../metrics/gateway-metrics.js";
import { observeBody } from "../observe-body.js";

/** The route pattern that answered (`/api/v1/tenders/:id`), or null when none matched. */
function matchedRoute(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const path = routePath(c, -1);
  return path === "*" || path === "/*" ? null : path;
}

const ms = (value: number) => Math.round(value * 1000) / 1000;

/** Names and closes the request's span: `GET /api/v1/tenders/:id`, the status, an error from 500 on. */
function endSpan(span: Span, method: string, line: { route: string | null; status: number }): void {
  if (line.route !== null) {
    span.updateName(`${method} ${line.route}`);
    span.setAttribute("http.route", line.route);
  }
  span.setAttribute("http.response.status_code", line.status);
  if (line.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * One structured line per request: request id, API key id (never the key), method, route
 * pattern (not the raw path), status and duration. An answer that is streamed
 * (`text/event-stream`) is logged when its stream ends, with `first_byte_ms`, the total
 * `duration_ms`, and `client_gone` when the client left before the end. The same request goes
 * to `metrics` when given, and is a server span (`GET /api/v1/search` and the status; no path,
 * query or body) active while it is handled, so the search and model spans are its children.
 */
export function accessLog(
  logger: Logger,
  now: () => number,
  metrics?: Pick<GatewayMetrics, "observeRequest">,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = now();
    const method = HTTP_METHODS.has(c.req.method) ? c.req.method : "_OTHER";
    // A new trace per request: the gateway is the public edge, a caller's traceparent is not trusted.
    const span = startSpan(method, {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": method },
      parent: ROOT_CONTEXT,
    });
    await context.with(trace.setSpan(context.active(), span), next);
    const fields = () => ({
      request_id: c.get("requestId"),
      key_id: c.get("apiKey")?.id ?? null,
      method: c.req.method,
      route: matchedRoute(c),
      status: c.res.status,
    });
    const body = c.res.body;
    const observe = (line: ReturnType<typeof fields>, end: number) => {
      metrics?.observeRequest({ ...line, seconds: (end - started) / 1000 });
      endSpan(span, method, line);
    };
    if (!body || !c.res.headers.get("content-type")?.startsWith("text/event-stream")) {
      const end = now();
      const line = fields();
      logger.info({ ...line, duration_ms: ms(end - started) }, "request");
      observe(line, end);
      return;
    }
    const line = fields();
    let firstByte: number | null = null;
    c.res = new Response(
      observeBody(body, {
        onFirstChunk: () => {
          firstByte = now();
        },
        onEnd: (aborted) => {
          const end = now();
          logger.info(
            {
              ...line,
              first_byte_ms: firstByte === null ? null : ms(firstByte - started),
              duration_ms: ms(end - started),
              client_gone: aborted,
            },
            "request",
          );
          observe(line, end);
        },
      }),
      c.res,
    );
  };
}
