import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { type AlertReceiver, type ReceivedAlert, startAlertReceiver } from "./start-alert-receiver.js";
import { verifyWebhookSignature } from "./verify-webhook-signature.js";

const SECRET = "whsec_demo";
const sign = (secret: string, t: number, body: string) =>
  `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

describe("verifyWebhookSignature", () => {
  it("accepts the signature of the raw body and refuses any other body, secret or stale time", () => {
    const now = 1_760_000_000;
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ minLength: 1, maxLength: 5 }), (body, extra) => {
        const header = sign(SECRET, now, body);
        expect(verifyWebhookSignature(SECRET, header, body, now + 10)).toBe(true);
        expect(verifyWebhookSignature(SECRET, header, body + extra, now)).toBe(false);
        expect(verifyWebhookSignature(`${SECRET}x`, header, body, now)).toBe(false);
        expect(verifyWebhookSignature(SECRET, header, body, now + 301)).toBe(false);
      }),
    );
    expect(verifyWebhookSignature(SECRET, undefined, "{}")).toBe(false);
    expect(verifyWebhookSignature(SECRET, "t=1,v1=zz", "{}")).toBe(false);
  });
});

describe("startAlertReceiver", () => {
  let receiver: AlertReceiver | undefined;
  afterEach(async () => receiver?.close());

  it("answers 204 to a signed alert and 401 to an unsigned one, handing both on", async () => {
    const got: ReceivedAlert[] = [];
    receiver = await startAlertReceiver((alert) => got.push(alert));
    receiver.trust(SECRET);
    const body = JSON.stringify({ alert_id: "a1", score: 0.5 });
    const post = (headers: Record<string, string>) =>
      fetch(receiver?.url ?? "", { method: "POST", headers, body });
    const signed = await post({
      "x-tender-alert-id": "a1",
      "x-tender-signature": sign(SECRET, Math.floor(Date.now() / 1000), body),
    });
    expect(signed.status).toBe(204);
    const forged = await post({ "x-tender-alert-id": "a1", "x-tender-signature": sign("other", 1, body) });
    expect(forged.status).toBe(401);
    expect(got).toEqual([
      { alertId: "a1", signed: true, body: { alert_id: "a1", score: 0.5 } },
      { alertId: "a1", signed: false, body: { alert_id: "a1", score: 0.5 } },
    ]);
    expect((await fetch(receiver.url.replace("/alerts", "/other"), { method: "POST" })).status).toBe(404);
  });
});
