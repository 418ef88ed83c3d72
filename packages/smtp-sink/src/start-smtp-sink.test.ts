import { connect } from "node:net";
import fc from "fast-check";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "./start-smtp-sink.js";

const open: SmtpSink[] = [];
async function sink(options?: Parameters<typeof startSmtpSink>[0]): Promise<SmtpSink> {
  const started = await startSmtpSink(options);
  open.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** One mail through a real SMTP client (nodemailer, no pool), as the notifier sends them. */
function send(url: string, mail: { to: string | string[]; subject: string; text: string }) {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 5_000, socketTimeout: 5_000 });
  return transport
    .sendMail({ from: "Tender search <alerts@tender-search.example>", ...mail })
    .finally(() => transport.close());
}

/** The reply code of a failed send. */
async function refusal(sending: Promise<unknown>): Promise<number | undefined> {
  try {
    await sending;
  } catch (error) {
    return (error as { responseCode?: number }).responseCode;
  }
  throw new Error("the mail was accepted");
}

// Words of any script, so headers need RFC 2047 encoding and bodies quoted-printable or base64.
const word = fc.stringMatching(/^[\p{L}\p{N}]{1,12}$/u);
const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));

describe("startSmtpSink", () => {
  it("listens on 127.0.0.1 only, on a port of its own", async () => {
    const [a, b] = [await sink(), await sink()];
    expect(a.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(b.url).not.toBe(a.url);
  });

  it("keeps every accepted mail with its envelope, raw text and parsed form, in arrival order", async () => {
    const box = await sink();
    await fc.assert(
      fc.asyncProperty(line, fc.array(line, { minLength: 1, maxLength: 5 }), async (subject, lines) => {
        const before = box.received.length;
        const text = lines.join("\n");
        await send(box.url, { to: ["one@example.org", "two@example.org"], subject, text });
        const mail = box.received[before];
        expect(box.received).toHaveLength(before + 1);
        expect(mail?.to).toEqual(["one@example.org", "two@example.org"]);
        expect(mail?.parsed.subject).toBe(subject);
        expect(mail?.parsed.text?.trimEnd()).toBe(text);
        expect(mail?.raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
        expect(mail?.raw).toContain("From: Tender search <alerts@tender-search.example>");
      }),
      { numRuns: 20 },
    );
    expect(box.attempts).toBe(box.received.length);
  });

  it("answers as scripted: a 451 or a 550 reaches the client, and the mail is counted, not kept", async () => {
    const box = await sink();
    box.answer = (to) =>
      to[0] === "busy@example.org"
        ? { code: 451, message: "Try again later" }
        : to[0] === "gone@example.org"
          ? { code: 550, message: "No such user" }
          : undefined;
    expect(await refusal(send(box.url, { to: "busy@example.org", subject: "a", text: "a" }))).toBe(451);
    expect(await refusal(send(box.url, { to: "gone@example.org", subject: "b", text: "b" }))).toBe(550);
    await send(box.url, { to: "here@example.org", subject: "c", text: "c" });
    expect(box.attempts).toBe(3);
    expect(box.received.map((m) => m.to)).toEqual([["here@example.org"]]);
  });

  it("leaves a hanging message unanswered until released, then ends it with a 421", async () => {
    const box = await sink();
    box.answer = () => "hang";
    let settled = false;
    const sending = refusal(send(box.url, { to: "slow@example.org", subject: "s", text: "s" })).finally(
      () => {
        settled = true;
      },
    );
    while (box.attempts === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    box.releaseHanging();
    expect(await sending).toBe(421);
    expect(box.received).toEqual([]);
  });

  it("waitFor resolves once that many mails arrived, and names the counts when they do not", async () => {
    const box = await sink();
    const two = box.waitFor(2, 10_000);
    await send(box.url, { to: "a@example.org", subject: "1", text: "1" });
    await send(box.url, { to: "a@example.org", subject: "2", text: "2" });
    expect((await two).map((m) => m.parsed.subject)).toEqual(["1", "2"]);
    expect(await box.waitFor(1)).toHaveLength(2);
    await expect(box.waitFor(3, 50)).rejects.toThrow("the SMTP sink got 2 mails, not 3");
  });

  it("with parse false keeps counts only, and onMail hears each accepted mail", async () => {
    const heard: string[][] = [];
    const box = await sink({ parse: false, onMail: (mail) => heard.push(mail.to) });
    await send(box.url, { to: "a@example.org", subject: "s", text: "t" });
    expect(box.received).toHaveLength(1);
    expect(box.received[0]?.raw).toBe("");
    expect(box.received[0]?.parsed.subject).toBeUndefined();
    expect(heard).toEqual([["a@example.org"]]);
  });

  it("refuses a message over 10 MB before keeping it", async () => {
    const box = await sink({ parse: false });
    const text = "x".repeat(11 * 1024 * 1024);
    expect(await refusal(send(box.url, { to: "a@example.org", subject: "big", text }))).toBe(552);
    expect(box.received).toEqual([]);
  });

  it("stops listening when closed, and ends a hanging message", async () => {
    const box = await startSmtpSink();
    box.answer = () => "hang";
    const sending = refusal(send(box.url, { to: "a@example.org", subject: "s", text: "s" }));
    while (box.attempts === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await box.close();
    expect(await sending).toBe(421);
    const port = Number(new URL(box.url).port);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });
});
