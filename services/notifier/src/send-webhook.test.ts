import { createServer, type Server, type Socket } from "node:net";
import { forbiddenAddressReason, metadataAddressReason } from "@tender/egress";
import { type DocumentServer, startDocumentServer } from "@tender/egress/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebhook, type WebhookEgress } from "./send-webhook.js";

let server: DocumentServer;
const received: { method: string | undefined; headers: Record<string, unknown>; body: string }[] = [];
const loopback: WebhookEgress = { timeoutMs: 2_000, allowHttp: true, addressReason: metadataAddressReason };
const request = (path: string) => ({
  url: `${server.origin}${path}`,
  body: '{"alert_id":"a"}',
  alertId: "a",
  signature: "t=1,v1=00",
});

beforeAll(async () => {
  server = await startDocumentServer("127.0.0.1");
  server.route("/ok", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(202).end("a body nobody reads");
    });
  });
  server.route("/error", (_req, res) => res.writeHead(500).end());
  server.route("/moved", (_req, res) => res.writeHead(307, { location: "/ok" }).end());
  server.route("/hang", () => {});
});
afterAll(() => server.close());

describe("sendWebhook", () => {
  it("POSTs the body with its headers; any 2xx delivers", async () => {
    expect(await sendWebhook(request("/ok"), loopback)).toBeUndefined();
    expect(received.at(-1)).toMatchObject({
      method: "POST",
      body: '{"alert_id":"a"}',
      headers: {
        "content-type": "application/json",
        "x-tender-alert-id": "a",
        "x-tender-signature": "t=1,v1=00",
      },
    });
  });

  it("reports another status, a redirect (not followed) and a timeout", async () => {
    expect(await sendWebhook(request("/error"), loopback)).toEqual({ error: "HTTP 500", permanent: false });
    const before = server.hits.get("/ok") ?? 0;
    expect(await sendWebhook(request("/moved"), loopback)).toEqual({
      error: "HTTP 307: redirects are not followed",
      permanent: true,
    });
    expect(server.hits.get("/ok") ?? 0).toBe(before);
    expect(await sendWebhook(request("/hang"), { ...loopback, timeoutMs: 300 })).toEqual({
      error: "no answer within 300 ms",
      permanent: false,
    });
  });

  it("refuses loopback addresses under the default policy, and http unless allowed, without a request", async () => {
    const before = server.hits.get("/ok") ?? 0;
    expect(
      (await sendWebhook(request("/ok"), { ...loopback, addressReason: forbiddenAddressReason }))?.error,
    ).toMatch(/^refused: 127\.0\.0\.1 is /);
    expect((await sendWebhook(request("/ok"), { ...loopback, allowHttp: false }))?.error).toMatch(
      /^refused: host 127\.0\.0\.1:\d+ is not on the allowlist$/,
    );
    expect(server.hits.get("/ok") ?? 0).toBe(before);
  });

  it("gives up on a receiver that accepts and never answers at the first-byte timeout, and on a connection never set up at the connect timeout, well before the whole timeout", async () => {
    const whole = { ...loopback, timeoutMs: 10_000 };
    let started = Date.now();
    expect(await sendWebhook(request("/hang"), { ...whole, firstByteTimeoutMs: 300 })).toEqual({
      error: "no response within 300 ms",
      permanent: false,
    });
    expect(Date.now() - started).toBeLessThan(2_000);

    // Accepts TCP and never speaks TLS: the https connection is never up.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const address = silent.address();
      const port = typeof address === "object" && address ? address.port : 0;
      started = Date.now();
      const failure = await sendWebhook(
        { ...request("/ok"), url: `https://127.0.0.1:${port}/hook` },
        { ...whole, connectTimeoutMs: 200, firstByteTimeoutMs: 5_000 },
      );
      expect(failure).toEqual({ error: "no connection within 200 ms", permanent: false });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(sockets.length).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
