import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a signature's time may be from now before a receiver refuses it (a replayed call). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, t: number | string, body: string): string {
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
}

/**
 * The `X-Tender-Signature` header of a webhook body (docs/events.md#verifying-a-signature):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The time is signed too,
 * so a receiver can refuse an old delivery replayed by someone who recorded it.
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  return `t=${t},v1=${hmacHex(secret, t, body)}`;
}

/**
 * Checks `X-Tender-Signature` as a webhook receiver should: the HMAC of `"<t>.<raw body>"`
 * compared in constant time, with `t` within five minutes of `nowSeconds`. The body must be the
 * raw bytes received, not re-encoded JSON.
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
  return timingSafeEqual(
    Buffer.from(hmacHex(secret, match[1], rawBody), "hex"),
    Buffer.from(match[2], "hex"),
  );
}
