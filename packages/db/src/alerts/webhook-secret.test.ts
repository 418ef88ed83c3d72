import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  generateWebhookSecret,
  openFeedToken,
  openWebhookSecret,
  parseWebhookSecretKey,
  sealFeedToken,
  sealWebhookSecret,
} from "./webhook-secret.js";

const key = randomBytes(32);

describe("webhook secrets", () => {
  it("open to what was sealed, for any text, and the sealed form never shows it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.uuid(), (secret, id) => {
        const sealed = sealWebhookSecret(key, id, secret);
        if (secret.length >= 4) expect(sealed).not.toContain(secret);
        expect(openWebhookSecret(key, id, sealed)).toBe(secret);
      }),
    );
  });

  it("do not open under another key, for another saved search, or once altered", () => {
    const id = randomUUID();
    const sealed = sealWebhookSecret(key, id, generateWebhookSecret());
    expect(() => openWebhookSecret(randomBytes(32), id, sealed)).toThrow();
    expect(() => openWebhookSecret(key, randomUUID(), sealed)).toThrow();
    const parts = sealed.split(".");
    const last = parts[3] ?? "";
    parts[3] = (last[0] === "A" ? "B" : "A") + last.slice(1);
    expect(() => openWebhookSecret(key, id, parts.join("."))).toThrow();
    expect(() => openWebhookSecret(key, id, "v2.a.b.c")).toThrow(/known form/);
  });

  it("are 32 random bytes behind whsec_, fresh each time", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it("accept only a key of exactly 32 bytes, in base64 or base64url", () => {
    const raw = randomBytes(32);
    expect(parseWebhookSecretKey(raw.toString("base64"))?.equals(raw)).toBe(true);
    expect(parseWebhookSecretKey(raw.toString("base64url"))?.equals(raw)).toBe(true);
    expect(parseWebhookSecretKey(randomBytes(31).toString("base64"))).toBeUndefined();
    expect(parseWebhookSecretKey(randomBytes(33).toString("base64"))).toBeUndefined();
    expect(parseWebhookSecretKey("not a key")).toBeUndefined();
  });
});

describe("feed tokens", () => {
  it("open to what was sealed, and never as a webhook secret (nor a secret as a token)", () => {
    fc.assert(
      fc.property(fc.base64String({ minLength: 4, maxLength: 64 }), fc.uuid(), (token, id) => {
        const sealed = sealFeedToken(key, id, token);
        expect(sealed).not.toContain(token);
        expect(openFeedToken(key, id, sealed)).toBe(token);
        expect(() => openWebhookSecret(key, id, sealed)).toThrow();
        expect(() => openFeedToken(key, id, sealWebhookSecret(key, id, token))).toThrow();
        expect(() => openFeedToken(key, randomUUID(), sealed)).toThrow();
      }),
      { numRuns: 50 },
    );
  });
});
