import { createHmac } from "node:crypto";

/**
 * The `X-Tender-Signature` header of a webhook body (extensions.md 5):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The time is signed too,
 * so a receiver can refuse an old delivery replayed by someone who recorded it.
 */
export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}
