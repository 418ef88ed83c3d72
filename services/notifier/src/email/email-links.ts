import { EMAIL_LINK_PATHS, type EmailLinkAction, signEmailLink } from "@tender/db";

/** How long a confirmation link works. */
export const CONFIRM_LINK_TTL_SECONDS = 7 * 86_400;

/** Builds the absolute links a mail carries, from PUBLIC_BASE_URL and the link key. */
export interface EmailLinks {
  confirm(channel: { id: string; address: string }, now: Date): string;
  unsubscribe(channel: { id: string; address: string }): string;
  tenderPage(tenderId: string): string;
}

/** The links of mails for a gateway reached at `baseUrl` (any path of it is kept). */
export function emailLinks(baseUrl: string, linkKey: Buffer): EmailLinks {
  const base = baseUrl.replace(/\/+$/, "");
  const link = (action: EmailLinkAction, token: string) =>
    `${base}/api/v1${EMAIL_LINK_PATHS[action]}?token=${encodeURIComponent(token)}`;
  return {
    confirm: (channel, now) =>
      link(
        "confirm",
        signEmailLink(linkKey, {
          action: "confirm",
          channelId: channel.id,
          address: channel.address,
          expiresAt: Math.floor(now.getTime() / 1000) + CONFIRM_LINK_TTL_SECONDS,
        }),
      ),
    unsubscribe: (channel) =>
      link(
        "unsubscribe",
        signEmailLink(linkKey, { action: "unsubscribe", channelId: channel.id, address: channel.address }),
      ),
    tenderPage: (tenderId) => `${base}/app/tenders/${encodeURIComponent(tenderId)}`,
  };
}
