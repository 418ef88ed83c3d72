import { type ReceivedMail, type SmtpSink, startSmtpSink } from "@tender/smtp-sink";

/** The demo saved search's email digest: every new match at once, to an address of the demo's mailbox. */
export const DEMO_EMAIL = { to: "you@tender-search.example", frequency: "instant" } as const;

const FIRST_LINES = 6;

/** A digest as the demo prints it: the subject, then its first lines of text. */
export function describeDigest(mail: Pick<ReceivedMail, "to" | "parsed">): string {
  const lines = (mail.parsed.text ?? "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "")
    .slice(0, FIRST_LINES);
  return [
    `mail to ${mail.to.join(", ")}: "${mail.parsed.subject ?? ""}"`,
    ...lines.map((l) => `    ${l}`),
  ].join("\n");
}

/** The confirmation link of a confirmation mail; undefined for any other mail. */
export function confirmationLink(mail: Pick<ReceivedMail, "parsed">): string | undefined {
  if (!mail.parsed.subject?.startsWith("Confirm your tender digest")) return undefined;
  return /^Confirm: (\S+)$/m.exec(mail.parsed.text ?? "")?.[1];
}

/**
 * The demo's mailbox: a local SMTP server the notifier mails to. It follows the link of a
 * confirmation mail as the reader would (the POST of the page's button) and prints every digest.
 */
export async function startDemoMailbox(
  say: (line: string) => void,
  warn: (line: string) => void,
): Promise<SmtpSink> {
  return startSmtpSink({
    onMail: (mail) => {
      const link = confirmationLink(mail);
      if (link === undefined) {
        say(describeDigest(mail));
        return;
      }
      void fetch(link, { method: "POST" })
        .then((response) =>
          response.ok
            ? say(`confirmation mail to ${mail.to.join(", ")}: link followed, the address is confirmed`)
            : warn(`confirming the demo address answered HTTP ${response.status}`),
        )
        .catch((error: unknown) => warn(`confirming the demo address failed: ${(error as Error).message}`));
    },
  });
}
