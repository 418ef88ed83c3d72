import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** What a link in a mail does: confirm the address, or stop the digests. */
export type EmailLinkAction = "confirm" | "unsubscribe";

/** A link token as read from a URL, before it is checked against its channel. */
export interface EmailLinkToken {
  action: EmailLinkAction;
  channelId: string;
  /** Unix seconds after which a confirmation link no longer works; none for unsubscribing. */
  expiresAt: number | undefined;
  mac: Buffer;
}

/** Where each link goes, under the API's base path `/api/v1` (the gateway serves them). */
export const EMAIL_LINK_PATHS: Readonly<Record<EmailLinkAction, string>> = {
  confirm: "/email/confirm",
  unsubscribe: "/email/unsubscribe",
};

const PREFIX: Record<EmailLinkAction, string> = { confirm: "c1", unsubscribe: "u1" };
const SHAPE =
  /^(c1|u1)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.(\d{1,12}))?\.([A-Za-z0-9_-]{43})$/;

/**
 * The key that signs the links in mails, derived (HKDF-SHA256) from the server's key
 * (WEBHOOK_SECRET_KEY), so that one key serves both uses yet a webhook secret, a feed token and a
 * link never sign or open one another. Gateway and notifier derive the same key.
 */
export function emailLinkKey(serverKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", serverKey, Buffer.alloc(0), "tender-search email links v1", 32));
}

function mac(
  key: Buffer,
  action: EmailLinkAction,
  channelId: string,
  address: string,
  expiresAt?: number,
): Buffer {
  // NUL separates the fields: none of them can hold one.
  const fields = [
    PREFIX[action],
    channelId,
    address.toLowerCase(),
    expiresAt === undefined ? "" : String(expiresAt),
  ];
  return createHmac("sha256", key).update(fields.join("\0"), "utf8").digest();
}

/**
 * A link token for this channel and address: `c1.<channel>.<expires>.<hmac>` to confirm (valid
 * until `expiresAt`, Unix seconds), `u1.<channel>.<hmac>` to unsubscribe (valid as long as the
 * channel keeps its address). The address is signed too: a token never works for another one.
 */
export function signEmailLink(
  key: Buffer,
  link: { action: EmailLinkAction; channelId: string; address: string; expiresAt?: number },
): string {
  const expiresAt = link.action === "confirm" ? link.expiresAt : undefined;
  const signature = mac(key, link.action, link.channelId, link.address, expiresAt).toString("base64url");
  return [
    PREFIX[link.action],
    link.channelId,
    ...(expiresAt === undefined ? [] : [String(expiresAt)]),
    signature,
  ].join(".");
}

/** The parts of a token shaped like one `signEmailLink` makes; undefined for anything else. */
export function parseEmailLink(text: string): EmailLinkToken | undefined {
  const found = SHAPE.exec(text);
  if (!found) return undefined;
  const [, prefix, channelId, expires, signature] = found as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  const action: EmailLinkAction = prefix === "c1" ? "confirm" : "unsubscribe";
  if ((action === "confirm") !== (expires !== undefined)) return undefined;
  return {
    action,
    channelId,
    expiresAt: expires === undefined ? undefined : Number(expires),
    mac: Buffer.from(signature, "base64url"),
  };
}

/**
 * True when the token was signed for this channel's address with this key, compared in
 * constant time, and (to confirm) has not expired at `nowSeconds`.
 */
export function emailLinkIsValid(
  key: Buffer,
  token: EmailLinkToken,
  address: string,
  nowSeconds: number,
): boolean {
  const expected = mac(key, token.action, token.channelId, address, token.expiresAt);
  const same = token.mac.length === expected.length && timingSafeEqual(token.mac, expected);
  return same && (token.expiresAt === undefined || nowSeconds <= token.expiresAt);
}
