import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a signature's time may be from now before a receiver refuses it (a replayed call). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `X-Tender-Signature` as a webhook receiver should (extensions.md 5): `t=<unix
 * seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, compared in constant time, with `t`
 * within five minutes of `nowSeconds`. The body must be the raw bytes received, not re-encoded JSON.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return false;
  if (Math.abs(nowSeconds - Number(match[1])) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], "hex"));
}
