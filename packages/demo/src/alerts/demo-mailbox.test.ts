import type { ReceivedMail } from "@tender/smtp-sink";
import { describe, expect, it } from "vitest";
import { confirmationLink, describeDigest } from "./demo-mailbox.js";

const mail = (subject: string, text: string) => ({
  to: ["you@tender-search.example"],
  parsed: { subject, text } as ReceivedMail["parsed"],
});

describe("the demo mailbox", () => {
  it("finds the link of a confirmation mail only", () => {
    const url = "http://127.0.0.1:8080/api/v1/email/confirm?token=c1.x";
    expect(
      confirmationLink(mail("Confirm your tender digest for “Steel”", `Hello\n\nConfirm: ${url}\n`)),
    ).toBe(url);
    expect(confirmationLink(mail("1 new tender for “Steel”", `Confirm: ${url}\n`))).toBeUndefined();
  });

  it("prints a digest's subject and first lines", () => {
    const text =
      "Tender search: alert for “Steel”\n\n1 new tender matches this saved search:\n\n1. Steel strip\n   Buyer: X\n   Deadline: not given\n   “frag”\n   Notice: n";
    expect(describeDigest(mail("1 new tender for “Steel”", text))).toBe(
      [
        'mail to you@tender-search.example: "1 new tender for “Steel”"',
        "    Tender search: alert for “Steel”",
        "    1 new tender matches this saved search:",
        "    1. Steel strip",
        "       Buyer: X",
        "       Deadline: not given",
        "       “frag”",
      ].join("\n"),
    );
  });
});
