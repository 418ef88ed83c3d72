import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** Largest message accepted, as real servers bound it; a larger one is refused with 552. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** A mail the sink accepted: the envelope, the raw message and the message as mailparser reads it. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** The sink's answer to the end of a message: accept (`undefined`), or a reply code and text. */
export type SinkAnswer = { code: number; message: string } | "hang" | undefined;

/** A local SMTP server for tests and benches; see `startSmtpSink`. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Every accepted mail, in arrival order. */
  received: ReceivedMail[];
  /** Decides how each message is answered (default: accept); mails answered otherwise are not kept. */
  answer: (to: string[]) => SinkAnswer;
  /** Messages whose data arrived (answered or not). */
  attempts: number;
  /** Resolves once `count` mails were accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Ends every message left without an answer (`hang`) with a 421, as a server going away would. */
  releaseHanging(): void;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 (plain, no auth, no STARTTLS) that keeps and parses what it
 * accepts; `answer` scripts failures (a 451, a 550, or no answer at all). `parse: false` keeps
 * only counts (for benches); `onMail` hears each accepted mail (the demo prints them).
 */
export async function startSmtpSink(
  options: { parse?: boolean; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const waiters = new Set<() => void>();
  const hanging = new Set<() => void>();
  const sink: SmtpSink = {
    url: "",
    received: [],
    answer: () => undefined,
    attempts: 0,
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (sink.received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(sink.received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the SMTP sink got ${sink.received.length} mails, not ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    releaseHanging: () => {
      for (const release of hanging) release();
      hanging.clear();
    },
    close: async () => {
      sink.releaseHanging();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        sink.attempts += 1;
        // smtp-server only announces SIZE; refusing what goes past it is the receiver's job.
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error("Message exceeds the 10 MB limit"), { responseCode: 552 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        const answer = sink.answer(to);
        if (answer === "hang") {
          hanging.add(() => callback(Object.assign(new Error("Closing"), { responseCode: 421 })));
          return;
        }
        if (answer) {
          callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parse ? await simpleParser(raw) : ({} as ParsedMail);
        const mail = { to, raw: parse ? raw : "", parsed };
        sink.received.push(mail);
        callback();
        options.onMail?.(mail);
        for (const waiter of [...waiters]) waiter();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP sink has no port");
  sink.url = `smtp://127.0.0.1:${address.port}`;
  return sink;
}
