import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature.js";

const SECRET = "whsec_test";

describe("signWebhookBody", () => {
  it("signs '<t>.<raw body>' with HMAC-SHA256 of the secret, in hex (checked against openssl)", () => {
    // printf '%s' '1700000000.{"alert_id":"a"}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signWebhookBody(SECRET, '{"alert_id":"a"}', 1_700_000_000.9)).toBe(
      "t=1700000000,v1=c30075d2595aae365931906d7d28f4a106c747e784f70b086d831a892313841e",
    );
  });
});

describe("verifyWebhookSignature", () => {
  it("accepts the signature of the raw body and refuses any other body, secret or stale time", () => {
    const now = 1_760_000_000;
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ minLength: 1, maxLength: 5 }), (body, extra) => {
        const header = signWebhookBody(SECRET, body, now);
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
