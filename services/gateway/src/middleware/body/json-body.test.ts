import { SearchRequest } from "@tender/contracts";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../../errors/api-error.js";
import { isJsonContentType, jsonBody, MAX_BODY_BYTES } from "./json-body.js";

const app = new Hono<AppEnv>()
  .post("/", jsonBody(SearchRequest), (c) => c.json(c.get("body")))
  .onError((error, c) =>
    error instanceof ApiError
      ? c.json({ code: error.code, details: error.details }, 400)
      : c.text("bug", 500),
  );

const post = (body: string | Uint8Array<ArrayBuffer>, type = "application/json") =>
  app.request("/", { method: "POST", headers: { "content-type": type }, body });

describe("isJsonContentType", () => {
  it("accepts application/json with parameters, in any case, and nothing else", () => {
    for (const type of [
      "application/json",
      "APPLICATION/JSON",
      "application/json;charset=utf-8",
      " application/json ; x=1",
    ]) {
      expect(isJsonContentType(type), type).toBe(true);
    }
    for (const type of [
      undefined,
      "",
      "text/json",
      "application/json-seq",
      "application/problem+json",
      "json",
    ]) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });
});

describe("jsonBody", () => {
  it("hands on the parsed, normalized body", async () => {
    const response = await post('\uFEFF{"query": "  road  "}');
    expect(await response.json()).toEqual({ query: "road", limit: 5 });
  });

  it("refuses a wrong type before reading the body", async () => {
    expect(await (await post("{}", "text/plain")).json()).toMatchObject({ code: "unsupported_media_type" });
  });

  it("refuses a body one byte over 64 KiB, streamed without Content-Length", async () => {
    const bytes = new Uint8Array(MAX_BODY_BYTES + 1).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
        controller.close();
      },
    });
    const response = await app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await response.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("reports a body that breaks off as a validation error, with or without Content-Length", async () => {
    for (const headers of [{}, { "content-length": "100" }]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"query"'));
          controller.error(new Error("aborted"));
        },
      });
      const response = await app.request("/", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(await response.json()).toEqual({
        code: "validation_error",
        details: [{ path: "/", message: "The body ended unexpectedly" }],
      });
    }
  });

  it("refuses a declared Content-Length over the limit", async () => {
    const response = await app.request("/", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "{}",
    });
    expect(await response.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("reports an empty body, bad JSON and bad UTF-8 as validation errors without quoting the input", async () => {
    for (const [body, message] of [
      ["", "Body is not valid JSON"],
      ['{"query": "secret-input', "Body is not valid JSON"],
      [new Uint8Array([0xc3, 0x28]), "Body is not valid UTF-8"],
    ] as const) {
      expect(await (await post(body)).json()).toEqual({
        code: "validation_error",
        details: [{ path: "/", message }],
      });
    }
  });

  it("refuses any JSON value but an object as one issue, an array included", async () => {
    for (const body of ['["x"]', "[]", '[{"query": "road"}]', "null", '"road repair"', "42", "true"]) {
      expect(await (await post(body)).json(), body).toEqual({
        code: "validation_error",
        details: [{ path: "/", message: "Must be an object" }],
      });
    }
  });
});
