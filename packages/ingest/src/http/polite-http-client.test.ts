import { EgressError, type HopResponse, type SendHop } from "@tender/egress";
import * as v from "valibot";
import { afterEach, describe, expect, it } from "vitest";
import { type ReplayServer, startReplayServer } from "../testing/replay-server.js";
import {
  HostNotAllowedError,
  HttpStatusError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  RetryAfterTooLongError,
} from "./http-errors.js";
import { createPoliteHttpClient, type PoliteHttpClientOptions } from "./polite-http-client.js";

const Page = v.looseObject({ n: v.number() });
const NOW = Date.parse("2026-05-30T12:00:00Z");

/** A web Response as one hop's answer of `@tender/egress`. */
function hopResponse(response: Response): HopResponse {
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: response.body ?? (async function* () {})(),
    close: () => void response.body?.cancel().catch(() => {}),
  };
}

/** Every name resolves to one public address (no DNS in unit tests). */
const resolveHost = async () => [{ address: "93.184.215.14", family: 4 }];

/** A transport that answers from a script and records calls; sleeps are recorded, not waited. */
function scripted(responses: Array<() => Response | Promise<Response>>) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  const send: SendHop = async (url) => {
    calls.push(url.toString());
    const next = responses.shift();
    if (!next) throw new Error("no more scripted responses");
    return hopResponse(await next());
  };
  const options: PoliteHttpClientOptions = {
    allowedHosts: ["api.example"],
    timeoutMs: 5_000,
    maxResponseBytes: 1024,
    send,
    resolveHost,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    now: () => NOW,
    backoff: { initialMs: 100, maxMs: 1_000 },
  };
  return { calls, sleeps, options };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });

describe("retries", () => {
  it("waits out a 429 for the Retry-After seconds, then succeeds", async () => {
    const s = scripted([json({}, 429, { "retry-after": "3" }), json({ n: 1 })]);
    const client = createPoliteHttpClient(s.options);
    await expect(client.requestJson({ url: "https://api.example/p" }, Page)).resolves.toEqual({ n: 1 });
    expect(s.calls).toHaveLength(2);
    // 3 s plus at most 10% jitter (random 0.5 → 150 ms).
    expect(s.sleeps).toEqual([3_150]);
  });

  it("honours Retry-After as an HTTP date on 503", async () => {
    const s = scripted([json({}, 503, { "retry-after": "Sat, 30 May 2026 12:00:02 GMT" }), json({ n: 2 })]);
    await createPoliteHttpClient(s.options).requestJson({ url: "https://api.example/p" }, Page);
    expect(s.sleeps).toEqual([2_100]);
  });

  it("backs off exponentially with jitter on 5xx and network errors, up to maxAttempts", async () => {
    const networkError = () => {
      throw new EgressError("network", "connection reset", { retryable: true });
    };
    const s = scripted([json({}, 500), networkError, json({}, 502), json({}, 504)]);
    const client = createPoliteHttpClient({ ...s.options, maxAttempts: 4 });
    const failure = await client.requestJson({ url: "https://api.example/p" }, Page).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpStatusError);
    expect((failure as HttpStatusError).status).toBe(504);
    // Steps 100, 200, 400 ms with equal jitter at random 0.5: 75%.
    expect(s.sleeps).toEqual([75, 150, 300]);
  });

  it("treats 403 as 'slow down' only with a cool-down configured", async () => {
    const s = scripted([json({}, 403), json({ n: 3 })]);
    const client = createPoliteHttpClient({ ...s.options, forbiddenCooldownMs: 2_000 });
    await expect(client.requestJson({ url: "https://api.example/p" }, Page)).resolves.toEqual({ n: 3 });
    expect(s.sleeps).toEqual([2_000]);

    const plain = scripted([json({}, 403)]);
    await expect(
      createPoliteHttpClient(plain.options).requestJson({ url: "https://api.example/p" }, Page),
    ).rejects.toThrow("HTTP 403");
    expect(plain.calls).toHaveLength(1);
  });

  it("bounds the 403 cool-down retries by maxAttempts", async () => {
    const s = scripted([json({}, 403), json({}, 403), json({}, 403)]);
    const client = createPoliteHttpClient({ ...s.options, forbiddenCooldownMs: 10, maxAttempts: 3 });
    await expect(client.requestJson({ url: "https://api.example/p" }, Page)).rejects.toThrow("HTTP 403");
    expect(s.calls).toHaveLength(3);
  });

  it("does not retry other client errors", async () => {
    const s = scripted([json({}, 404)]);
    await expect(
      createPoliteHttpClient(s.options).requestJson({ url: "https://api.example/p" }, Page),
    ).rejects.toThrow("HTTP 404 from https://api.example/p");
    expect(s.sleeps).toEqual([]);
  });

  it("gives up at once when Retry-After is longer than it waits", async () => {
    const s = scripted([json({}, 429, { "retry-after": "3600" })]);
    const client = createPoliteHttpClient({ ...s.options, maxRetryAfterMs: 60_000 });
    await expect(client.requestJson({ url: "https://api.example/p" }, Page)).rejects.toBeInstanceOf(
      RetryAfterTooLongError,
    );
    expect(s.calls).toHaveLength(1);
  });

  it("stops waiting when the caller aborts", async () => {
    const s = scripted([json({}, 503)]);
    const controller = new AbortController();
    const client = createPoliteHttpClient({
      ...s.options,
      sleep: async () => {
        controller.abort();
        throw new Error("aborted");
      },
    });
    await expect(
      client.requestJson({ url: "https://api.example/p", signal: controller.signal }, Page),
    ).rejects.toThrow("aborted");
    expect(s.calls).toHaveLength(1);
  });
});

describe("responses", () => {
  it("validates JSON with the schema before returning it", async () => {
    const bad = scripted([json({ n: "one" })]);
    const failure = await createPoliteHttpClient(bad.options)
      .requestJson({ url: "https://api.example/p?cursor=secret" }, Page)
      .catch((e: Error) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as Error).message).toContain("n: Invalid type");
    // Query strings (cursors, tokens) never reach messages.
    expect((failure as Error).message).not.toContain("secret");

    const notJson = scripted([() => new Response("<html>", { status: 200 })]);
    await expect(
      createPoliteHttpClient(notJson.options).requestJson({ url: "https://api.example/p" }, Page),
    ).rejects.toThrow("body is not JSON");
  });

  it("reads a body that starts with a UTF-8 byte order mark", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"n": 4, "s": "é"}')]);
    const s = scripted([() => new Response(bytes, { status: 200 })]);
    await expect(
      createPoliteHttpClient(s.options).requestJson({ url: "https://api.example/p" }, Page),
    ).resolves.toEqual({ n: 4, s: "é" });
  });

  it("refuses a host that is not allowed before connecting", async () => {
    const s = scripted([]);
    await expect(
      createPoliteHttpClient(s.options).requestJson({ url: "https://other.example/p" }, Page),
    ).rejects.toBeInstanceOf(HostNotAllowedError);
    expect(s.calls).toEqual([]);
  });

  it("runs at most `concurrency` requests at once", async () => {
    let active = 0;
    let peak = 0;
    const send: SendHop = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return hopResponse(new Response(JSON.stringify({ n: 0 })));
    };
    const client = createPoliteHttpClient({
      allowedHosts: ["api.example"],
      timeoutMs: 5_000,
      maxResponseBytes: 1024,
      concurrency: 2,
      send,
      resolveHost,
    });
    await Promise.all(
      Array.from({ length: 6 }, () => client.requestJson({ url: "https://api.example/p" }, Page)),
    );
    expect(peak).toBe(2);
  });
});

describe("over real HTTP", () => {
  let servers: ReplayServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });

  const client = (allowedHosts: string[], overrides: Partial<PoliteHttpClientOptions> = {}) =>
    createPoliteHttpClient({ allowedHosts, timeoutMs: 5_000, maxResponseBytes: 64, ...overrides });

  it("refuses a redirect to another port of an allowed host, before connecting to it", async () => {
    const otherPort = await startReplayServer(() => ({ body: { n: 8 } }));
    const origin = await startReplayServer(() => ({
      status: 302,
      headers: { location: `${otherPort.baseUrl}/elsewhere` },
    }));
    servers.push(otherPort, origin);
    const failure = await client([origin.host])
      .requestJson({ url: `${origin.baseUrl}/start` }, Page)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HostNotAllowedError);
    expect((failure as Error).message).toContain(`refused: host ${otherPort.host} is not on the allowlist`);
    expect(otherPort.requests).toHaveLength(0);
  });

  it("refuses a cloud metadata address even when it is listed (a source API is never there)", async () => {
    const origin = await startReplayServer(() => ({
      status: 307,
      headers: { location: "http://169.254.169.254/latest/meta-data/" },
    }));
    servers.push(origin);
    await expect(
      client([origin.host, "169.254.169.254"]).requestJson({ url: `${origin.baseUrl}/start` }, Page),
    ).rejects.toThrow("refused: 169.254.169.254 is a cloud metadata address");
  });

  it("follows redirects within the allowlist, re-checking each target", async () => {
    const target = await startReplayServer(() => ({ body: { n: 7 } }), "localhost");
    const origin = await startReplayServer((req) =>
      req.url.pathname === "/start"
        ? { status: 302, headers: { location: "/middle" } }
        : { status: 307, headers: { location: `${target.baseUrl}/end` } },
    );
    servers.push(target, origin);
    await expect(
      client([origin.host]).requestJson({ url: `${origin.baseUrl}/start` }, Page),
    ).rejects.toBeInstanceOf(HostNotAllowedError);
    expect(target.requests).toHaveLength(0);
    await expect(
      client([origin.host, target.host]).requestJson({ url: `${origin.baseUrl}/start` }, Page),
    ).resolves.toEqual({ n: 7 });
  });

  it("turns a POST into a GET on 303 and stops after maxRedirects", async () => {
    const server = await startReplayServer((req) => {
      const hop = Number(req.url.searchParams.get("hop") ?? 0);
      if (req.url.pathname === "/see-other") return { status: 303, headers: { location: "/done" } };
      if (req.url.pathname === "/done") return { body: { n: req.method === "GET" ? 1 : 0 } };
      return { status: 302, headers: { location: `/loop?hop=${hop + 1}` } };
    });
    servers.push(server);
    const http = client([server.host]);
    await expect(
      http.requestJson({ method: "POST", url: `${server.baseUrl}/see-other`, body: { q: 1 } }, Page),
    ).resolves.toEqual({ n: 1 });
    await expect(http.requestJson({ url: `${server.baseUrl}/loop` }, Page)).rejects.toBeInstanceOf(
      RedirectError,
    );
    // The first request plus five redirects followed.
    expect(server.requests.filter((r) => r.url.pathname === "/loop")).toHaveLength(6);
  });

  it("aborts a body larger than the cap, declared or streamed", async () => {
    const big = JSON.stringify({ n: 1, pad: "x".repeat(200) });
    const server = await startReplayServer((req) =>
      req.url.pathname === "/declared"
        ? { body: big }
        : { body: big, headers: { "transfer-encoding": "chunked" } },
    );
    servers.push(server);
    const http = client([server.host]);
    await expect(http.requestJson({ url: `${server.baseUrl}/declared` }, Page)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    await expect(http.requestJson({ url: `${server.baseUrl}/streamed` }, Page)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
  });

  it("retries a body cut off mid-way by a dropped connection", async () => {
    let calls = 0;
    const server = await startReplayServer(() => {
      calls += 1;
      return calls === 1 ? { body: { n: 5, pad: "x" }, cutAfterBytes: 6 } : { body: { n: 5 } };
    });
    servers.push(server);
    const http = client([server.host], { backoff: { initialMs: 10, maxMs: 10 } });
    await expect(http.requestJson({ url: `${server.baseUrl}/cut` }, Page)).resolves.toEqual({ n: 5 });
    expect(calls).toBe(2);
  });

  it("refuses an HTML error page served as a success, without retrying it", async () => {
    const server = await startReplayServer(() => ({
      body: "<!DOCTYPE html><html><body>Service unavailable</body></html>",
      headers: { "content-type": "text/html" },
    }));
    servers.push(server);
    await expect(client([server.host]).requestJson({ url: `${server.baseUrl}/p` }, Page)).rejects.toThrow(
      `Unexpected response from ${server.baseUrl}/p: body is not JSON`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("retries a request that times out", async () => {
    let calls = 0;
    const server = await startReplayServer(() => {
      calls += 1;
      return calls === 1 ? { hang: true } : { body: { n: 9 } };
    });
    servers.push(server);
    const http = client([server.host], { timeoutMs: 200, backoff: { initialMs: 10, maxMs: 10 } });
    await expect(http.requestJson({ url: `${server.baseUrl}/slow` }, Page)).resolves.toEqual({ n: 9 });
    expect(calls).toBe(2);
  });
});

describe("request rate", () => {
  it("spaces the starts of requests, retries included, by minIntervalMs", async () => {
    let clock = NOW;
    const s = scripted([json({ n: 1 }), json({}, 503), json({ n: 2 }), json({ n: 3 })]);
    const client = createPoliteHttpClient({
      ...s.options,
      minIntervalMs: 2_000,
      now: () => clock,
      sleep: async (ms) => {
        s.sleeps.push(ms);
        clock += ms;
      },
    });
    await client.requestJson({ url: "https://api.example/1" }, Page);
    clock += 500;
    await client.requestJson({ url: "https://api.example/2" }, Page);
    await client.requestJson({ url: "https://api.example/3" }, Page);
    expect(s.calls).toHaveLength(4);
    // 1.5 s after the first (0.5 s passed); the 503's backoff (100-ish ms) then 1.9 s of spacing; 2 s.
    expect(s.sleeps[0]).toBe(1_500);
    expect((s.sleeps[1] ?? 0) + (s.sleeps[2] ?? 0)).toBe(2_000);
    expect(s.sleeps[3]).toBe(2_000);
  });

  it("does not wait at all without minIntervalMs", async () => {
    const s = scripted([json({ n: 1 }), json({ n: 2 })]);
    const client = createPoliteHttpClient(s.options);
    await client.requestJson({ url: "https://api.example/1" }, Page);
    await client.requestJson({ url: "https://api.example/2" }, Page);
    expect(s.sleeps).toEqual([]);
  });
});
