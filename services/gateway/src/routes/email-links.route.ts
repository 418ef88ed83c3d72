import {
  confirmEmailChannel,
  EMAIL_LINK_PATHS,
  type EmailLinkAction,
  emailLinkIsValid,
  emailLinkKey,
  findEmailChannelForLink,
  parseEmailLink,
  unsubscribeEmailChannel,
} from "@tender/db";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import type { Deps } from "../deps.js";
import {
  EMAIL_LINK_PAGE_HEADERS,
  type EmailLinkPage,
  renderEmailLinkPage,
} from "../email/email-link-page.js";

const NOT_VALID: EmailLinkPage = {
  title: "This link does not work",
  message:
    "It may have expired, been copied only in part, or belong to a saved search that was deleted. A confirmation link works for 7 days; the owner of the saved search can create it again to send a new one.",
};

/**
 * `GET/POST /email/confirm` and `GET/POST /email/unsubscribe` (mounted under `/api/v1`,
 * docs/api.md#email-digests), with `?token=` from the mail; no API key. GET shows a page with a
 * button; only POST confirms or unsubscribes (a mail client's one-click unsubscribe, RFC 8058,
 * is a POST with `List-Unsubscribe=One-Click`). A token is signed for its channel and address
 * and checked in constant time; a bad, expired or unknown one gets the same 404 page.
 */
export function emailLinksRoute(deps: Pick<Deps, "db" | "config">): Hono<AppEnv> {
  const serverKey = deps.config.savedSearches.webhookSecretKey;
  const key = serverKey ? emailLinkKey(serverKey) : undefined;
  const page = (c: Context<AppEnv>, status: 200 | 404, body: EmailLinkPage) =>
    c.body(renderEmailLinkPage(body), status, EMAIL_LINK_PAGE_HEADERS);

  async function channelOf(c: Context<AppEnv>, action: EmailLinkAction) {
    const token = parseEmailLink(c.req.query("token") ?? "");
    if (!key || !token || token.action !== action) return undefined;
    const channel = await findEmailChannelForLink(deps.db, token.channelId);
    if (!channel || !emailLinkIsValid(key, token, channel.address, Math.floor(Date.now() / 1000)))
      return undefined;
    return channel;
  }

  return new Hono<AppEnv>()
    .get(EMAIL_LINK_PATHS.confirm, async (c) => {
      const channel = await channelOf(c, "confirm");
      if (!channel) return page(c, 404, NOT_VALID);
      if (channel.status !== "unconfirmed") return page(c, 200, settled(channel.status));
      return page(c, 200, {
        title: "Confirm your email digest",
        message: `Send the digest of the saved search “${channel.saved_search_name}” to ${channel.address}?`,
        button: "Yes, send me the digest",
      });
    })
    .post(EMAIL_LINK_PATHS.confirm, async (c) => {
      const channel = await channelOf(c, "confirm");
      if (!channel) return page(c, 404, NOT_VALID);
      const status = await confirmEmailChannel(deps.db, channel.saved_search_id);
      return status ? page(c, 200, settled(status)) : page(c, 404, NOT_VALID);
    })
    .get(EMAIL_LINK_PATHS.unsubscribe, async (c) => {
      const channel = await channelOf(c, "unsubscribe");
      if (!channel) return page(c, 404, NOT_VALID);
      if (channel.status === "unsubscribed") return page(c, 200, settled("unsubscribed"));
      return page(c, 200, {
        title: "Unsubscribe",
        message: `Stop sending the digest of the saved search “${channel.saved_search_name}” to ${channel.address}?`,
        button: "Unsubscribe",
      });
    })
    .post(EMAIL_LINK_PATHS.unsubscribe, async (c) => {
      const channel = await channelOf(c, "unsubscribe");
      if (!channel) return page(c, 404, NOT_VALID);
      await unsubscribeEmailChannel(deps.db, channel.saved_search_id);
      return page(c, 200, settled("unsubscribed"));
    });
}

function settled(status: "unconfirmed" | "confirmed" | "stopped" | "unsubscribed"): EmailLinkPage {
  switch (status) {
    case "confirmed":
      return {
        title: "Confirmed",
        message: "The digest will come to this address. Every digest has a link to stop it.",
      };
    case "unsubscribed":
      return {
        title: "Unsubscribed",
        message: "No more digests of this saved search will be sent to this address.",
      };
    case "stopped":
      return {
        title: "Digest stopped",
        message:
          "Mail to this address was refused several times, so the digest was stopped. Its owner can set it up again.",
      };
    default:
      return NOT_VALID;
  }
}
