import { toValidationIssues } from "@tender/contracts";
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../../errors/api-error.js";

/** Largest accepted request body (docs/api.md#bodies-and-limits). */
export const MAX_BODY_BYTES = 64 * 1024;

/** `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  return header?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

const invalid = (message: string) =>
  new ApiError("validation_error", undefined, { details: [{ path: "/", message }] });

// The client went away or broke the framing mid-body: its own fault, not a server error.
const unreadable = (cause: unknown) =>
  new ApiError("validation_error", "The request body could not be read.", {
    details: [{ path: "/", message: "The body ended unexpectedly" }],
    cause,
  });

// Hono's limiter: refuses at once on a Content-Length over the limit, otherwise counts the
// streamed body and stops reading as soon as it passes the limit.
const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError("payload_too_large");
  },
});

/**
 * Body validation: JSON only (`unsupported_media_type`, checked before anything is read), at
 * most 64 KiB (`payload_too_large`, by `hono/body-limit`), a UTF-8 JSON object that `schema`
 * accepts (`validation_error` listing each problem as `{path, message}`). The parsed output is
 * handed on as `body`.
 */
export function jsonBody<const S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<AppEnv & { Variables: { body: v.InferOutput<S> } }> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parse = async (c: Context<AppEnv & { Variables: { body: v.InferOutput<S> } }>, next: Next) => {
    let bytes: ArrayBuffer;
    try {
      bytes = await c.req.arrayBuffer();
    } catch (error) {
      throw unreadable(error);
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw invalid("Body is not valid UTF-8");
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // JSON.parse's own message quotes the input: it is not passed on.
      throw invalid("Body is not valid JSON");
    }
    // valibot's object schemas read an array as an object with keys "0", "1", ... (a missing
    // field plus an unknown one per item): every body here is an object, so any other JSON
    // value is one issue, worded as the schemas word it for a string or null.
    if (typeof json !== "object" || json === null || Array.isArray(json)) throw invalid("Must be an object");
    const result = v.safeParse(schema, json);
    if (!result.success) {
      throw new ApiError("validation_error", undefined, { details: toValidationIssues(result.issues) });
    }
    c.set("body", result.output);
    await next();
  };
  return async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) throw new ApiError("unsupported_media_type");
    let limited = false;
    try {
      await limitBody(c, async () => {
        limited = true;
        await parse(c, next);
      });
    } catch (error) {
      // Before the limiter hands on, only reading the stream can fail.
      throw limited || error instanceof ApiError ? error : unreadable(error);
    }
  };
}
