import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailLinkIsValid, emailLinkKey, parseEmailLink, signEmailLink } from "./email-link-token.js";

const key = emailLinkKey(randomBytes(32));

describe("email link tokens", () => {
  it("open for their channel, address and action only, and a confirmation only until it expires", () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.emailAddress(),
        fc.integer({ min: 1, max: 4_000_000_000 }),
        (id, address, exp) => {
          const confirm = parseEmailLink(
            signEmailLink(key, { action: "confirm", channelId: id, address, expiresAt: exp }),
          );
          const unsubscribe = parseEmailLink(
            signEmailLink(key, { action: "unsubscribe", channelId: id, address }),
          );
          expect(confirm?.action).toBe("confirm");
          expect(unsubscribe?.action).toBe("unsubscribe");
          if (!confirm || !unsubscribe) return;
          expect(emailLinkIsValid(key, confirm, address, exp)).toBe(true);
          expect(emailLinkIsValid(key, confirm, address, exp + 1)).toBe(false);
          expect(emailLinkIsValid(key, confirm, `x${address}`, 0)).toBe(false);
          expect(emailLinkIsValid(key, unsubscribe, address, Number.MAX_SAFE_INTEGER)).toBe(true);
          expect(emailLinkIsValid(emailLinkKey(randomBytes(32)), unsubscribe, address, 0)).toBe(false);
          // The same MAC under the other action, or another channel, does not open.
          expect(
            emailLinkIsValid(key, { ...unsubscribe, action: "confirm", expiresAt: exp }, address, 0),
          ).toBe(false);
          expect(emailLinkIsValid(key, { ...unsubscribe, channelId: randomUUID() }, address, 0)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("parses nothing but the exact shape", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (text) => {
        const parsed = parseEmailLink(text);
        if (parsed) expect(text).toMatch(/^(c1|u1)\.[0-9a-f-]{36}(\.\d{1,12})?\.[A-Za-z0-9_-]{43}$/);
      }),
    );
    const id = randomUUID();
    expect(parseEmailLink(`c1.${id}.${"A".repeat(43)}`)).toBeUndefined();
    expect(parseEmailLink(`u1.${id}.123.${"A".repeat(43)}`)).toBeUndefined();
  });
});
