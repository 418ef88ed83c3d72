import nodemailer, { type Transporter } from "nodemailer";
import type { RenderedMail } from "./render-digest.js";

/** What the notifier mails through: a pooled SMTP transport, or a test's stand-in. */
export interface MailTransport {
  send(message: OutgoingMail): Promise<MailFailure | undefined>;
  close(): void;
}

/** One mail to one address. */
export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Stable per queued mail: a receiver that sees a retry can tell it is the same mail. */
  messageId: string;
  /** `List-Unsubscribe`: an https link (RFC 8058 one-click POST to it); none for a confirmation. */
  unsubscribeUrl?: string;
}

/** Why a mail did not go: `permanent` for a 5xx answer, temporary otherwise (4xx, connection). */
export interface MailFailure {
  error: string;
  permanent: boolean;
}

/**
 * A pooled SMTP transport for `SMTP_URL` (nodemailer), sending as `Tender search <MAIL_FROM>`.
 * The subject and every header value are made by the notifier (user text passes through
 * `headerText`); a tender title never becomes a header.
 */
export function smtpTransport(options: { url: string; from: string; maxConnections: number }): MailTransport {
  const transporter: Transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.maxConnections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: { name: "Tender search", address: options.from },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: {
            "Auto-Submitted": "auto-generated",
            ...(mail.unsubscribeUrl ? { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {}),
          },
          ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
        });
        return undefined;
      } catch (error) {
        return toMailFailure(error);
      }
    },
    close: () => transporter.close(),
  };
}

/** An SMTP error as a failure: a 5xx reply is permanent, anything else (4xx, no reply) temporary. */
export function toMailFailure(error: unknown): MailFailure {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  const message = error instanceof Error ? error.message : String(error);
  return {
    error: message.replace(/\s+/g, " ").slice(0, 500),
    permanent: typeof code === "number" && code >= 500 && code < 600,
  };
}
