import { describe, expect, it } from "vitest";
import { signWebhookBody } from "./sign-webhook-body.js";

describe("signWebhookBody", () => {
  it("signs '<t>.<raw body>' with HMAC-SHA256 of the secret, in hex (checked against openssl)", () => {
    // printf '%s' '1700000000.{"alert_id":"a"}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signWebhookBody("whsec_test", '{"alert_id":"a"}', 1_700_000_000.9)).toBe(
      "t=1700000000,v1=c30075d2595aae365931906d7d28f4a106c747e784f70b086d831a892313841e",
    );
  });

  it("changes with the body, the time and the secret", () => {
    const base = signWebhookBody("whsec_test", "{}", 1);
    expect(signWebhookBody("whsec_test", "{ }", 1)).not.toBe(base);
    expect(signWebhookBody("whsec_test", "{}", 2).split(",v1=")[1]).not.toBe(base.split(",v1=")[1]);
    expect(signWebhookBody("whsec_other", "{}", 1)).not.toBe(base);
  });
});
