import { randomBytes } from "node:crypto";
import {
  confirmEmailChannel,
  emailLinkIsValid,
  emailLinkKey,
  insertEmailChannel,
  type NewEmailChannel,
  parseEmailLink,
  scheduleEmailDigests,
} from "@tender/db";
import { type SmtpSink, startSmtpSink } from "@tender/smtp-sink";
import { insertMatch, seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailLinks } from "./email-links.js";
import { type EmailOutcome, type EmailSettings, sendEmails } from "./send-emails.js";
import { smtpTransport } from "./send-mail.js";

// The mail loop against the real PostgreSQL and a real SMTP server on 127.0.0.1, with a clock
// set to a morning (periods and deadlines) and a short retry schedule.
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const t = useTestDatabase({ source: "ted" });
const KEY = emailLinkKey(randomBytes(32));
const BASE = "https://tenders.example.org";
const NOW = new Date("2030-03-06T07:00:30Z"); // a Wednesday, 07:00 UTC
const SETTINGS: EmailSettings = {
  concurrency: 4,
  pollIntervalMs: 50,
  retryFirstMs: 100,
  retryWindowMs: 60_000,
  leaseMs: 60_000,
  messageIdDomain: "example.org",
};
let sink: SmtpSink;
const running: { stop: AbortController; done: Promise<void> }[] = [];
let outcomes: EmailOutcome[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    r.stop.abort();
    sink.releaseHanging();
    await r.done;
  }
  // Each test starts with no channel taking mail: what one test leaves queued goes nowhere.
  await t.db
    .updateTable("email_messages")
    .set({ status: "cancelled" })
    .where("status", "=", "pending")
    .execute();
  await t.db.updateTable("email_channels").set({ status: "unsubscribed" }).execute();
  sink.received.length = 0;
  sink.attempts = 0;
  sink.answer = () => undefined;
  outcomes = [];
});
afterAll(async () => sink.close());

function start(settings: Partial<EmailSettings> = {}) {
  const stop = new AbortController();
  const done = sendEmails(
    {
      db: t.db,
      logger: silent,
      transport: smtpTransport({ url: sink.url, from: "alerts@example.org", maxConnections: 2 }),
      links: emailLinks(BASE, KEY),
      settings: { ...SETTINGS, ...settings },
      recordOutcome: (outcome) => outcomes.push(outcome),
      now: () => NOW,
    },
    stop.signal,
  );
  const runner = { stop, done };
  running.push(runner);
  return runner;
}

async function channel(
  options: Partial<NewEmailChannel> & { confirmedThrough?: string } = {},
): Promise<{ id: string; address: string }> {
  const saved = await seedSavedSearch(t.db, { name: "Bridges" });
  const address = options.address ?? `reader-${saved.id.slice(0, 8)}@example.org`;
  await t.db.transaction().execute((trx) =>
    insertEmailChannel(
      trx,
      {
        savedSearchId: saved.id,
        apiKeyId: saved.apiKeyId,
        address,
        frequency: options.frequency ?? "daily",
        hourUtc: options.hourUtc === undefined ? 7 : options.hourUtc,
        weekday: options.weekday ?? null,
      },
      { perKeyPerHour: 100, perAddressPerHour: 100 },
    ),
  );
  if (options.confirmedThrough) {
    await confirmEmailChannel(t.db, saved.id);
    await t.db
      .updateTable("email_channels")
      .set({ digested_through: new Date(options.confirmedThrough) })
      .where("saved_search_id", "=", saved.id)
      .execute();
    await t.db.deleteFrom("email_messages").where("channel_id", "=", saved.id).execute();
  }
  return { id: saved.id, address };
}

async function match(savedSearchId: string, title: string, matchedAt: string, deadline: string | null) {
  const tender = await seedTender(t.db, { title, deadline, buyer_name: "City of Tartu" });
  await insertMatch(t.db, savedSearchId, tender.id, { matchedAt, snippet: `About ${title}.`, score: 0.9 });
  return tender;
}

const messagesOf = (channelId: string) =>
  t.db
    .selectFrom("email_messages")
    .selectAll()
    .where("channel_id", "=", channelId)
    .orderBy("created_at")
    .execute();
const statusOf = (channelId: string) =>
  t.db
    .selectFrom("email_channels")
    .select(["status", "stopped_reason", "permanent_failures"])
    .where("saved_search_id", "=", channelId)
    .executeTakeFirstOrThrow();
const wait = { timeout: 15_000, interval: 50 };

describe("email confirmations", () => {
  it("mails a signed confirmation link to a new address, and no digest before it is confirmed", async () => {
    const ch = await channel({ frequency: "instant", hourUtc: null });
    await match(ch.id, "Bridge repair", "2030-03-06T06:00:00Z", null);
    start();
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual([ch.address]);
    expect(mail?.parsed.subject).toBe("Confirm your tender digest for “Bridges”");
    const url = /Confirm: (\S+)/.exec(mail?.parsed.text ?? "")?.[1] ?? "";
    expect(url.startsWith(`${BASE}/api/v1/email/confirm?token=`)).toBe(true);
    const token = parseEmailLink(decodeURIComponent(new URL(url).searchParams.get("token") ?? ""));
    expect(token?.channelId).toBe(ch.id);
    expect(token && emailLinkIsValid(KEY, token, ch.address, Math.floor(Date.now() / 1000))).toBe(true);
    expect(token && emailLinkIsValid(KEY, token, "other@example.org", Math.floor(Date.now() / 1000))).toBe(
      false,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(1);
    expect((await messagesOf(ch.id)).map((m) => [m.kind, m.status])).toEqual([["confirmation", "sent"]]);
  });
});

describe("email digests", () => {
  it("mails a daily digest once per period: new tenders, closing soon, both parts, unsubscribe headers", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    const fresh = await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", "2030-03-09T12:00:00Z");
    await match(ch.id, "Old tunnel works", "2030-03-01T12:00:00Z", "2030-03-08T10:00:00Z");
    await match(ch.id, "Far away", "2030-03-01T12:00:00Z", "2030-05-01T10:00:00Z");
    start();
    const [mail] = await sink.waitFor(1);
    const parsed = mail?.parsed;
    expect(parsed?.subject).toBe("1 new tender for “Bridges”");
    expect(parsed?.text).toContain("Tender search: daily digest for “Bridges”");
    expect(parsed?.text).toContain("1. Bridge repair");
    expect(parsed?.text).toContain("Deadline: 2030-03-09 (closes in 3 days)");
    expect(parsed?.text).toContain(`Details: ${BASE}/app/tenders/${fresh.id}`);
    expect(parsed?.text).toContain("Closing within 7 days:");
    expect(parsed?.text).toContain("- Old tunnel works: 2030-03-08 (closes in 2 days)");
    expect(parsed?.text).not.toContain("Far away");
    expect(parsed?.html).toContain("Old tunnel works");
    const unsubscribe = mail?.parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "";
    const url = /<(https:[^>]+)>/.exec(unsubscribe.replace(/\r?\n\s+/g, ""))?.[1] ?? "";
    const token = parseEmailLink(new URL(url).searchParams.get("token") ?? "");
    expect(token && emailLinkIsValid(KEY, token, ch.address, 0)).toBe(true);
    expect(parsed?.text).toContain(`Unsubscribe: ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(1);
    const messages = await messagesOf(ch.id);
    expect(messages.map((m) => [m.status, m.since?.toISOString(), m.through?.toISOString()])).toEqual([
      ["sent", "2030-03-05T07:00:00.000Z", "2030-03-06T07:00:00.000Z"],
    ]);
  });

  it("mails nothing when nothing is new, and ends the period", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Old tunnel works", "2030-03-01T12:00:00Z", "2030-03-08T10:00:00Z");
    await scheduleEmailDigests(t.db, { now: NOW, limit: 100 });
    expect(await messagesOf(ch.id)).toEqual([]);
    const { digested_through } = await t.db
      .selectFrom("email_channels")
      .select("digested_through")
      .where("saved_search_id", "=", ch.id)
      .executeTakeFirstOrThrow();
    expect(digested_through?.toISOString()).toBe("2030-03-06T07:00:00.000Z");
  });

  it("waits for a weekly digest's day, and queues a period once however many notifiers schedule it", async () => {
    const tuesday = await channel({
      frequency: "weekly",
      weekday: 2,
      confirmedThrough: "2030-02-26T07:00:00Z",
    });
    const friday = await channel({
      frequency: "weekly",
      weekday: 5,
      confirmedThrough: "2030-03-01T07:00:00Z",
    });
    await match(tuesday.id, "Bridge repair", "2030-03-04T12:00:00Z", null);
    await match(friday.id, "Bridge repair", "2030-03-04T12:00:00Z", null);
    await Promise.all(Array.from({ length: 6 }, () => scheduleEmailDigests(t.db, { now: NOW, limit: 100 })));
    await scheduleEmailDigests(t.db, { now: NOW, limit: 100 });
    expect((await messagesOf(tuesday.id)).map((m) => m.through?.toISOString())).toEqual([
      "2030-03-05T07:00:00.000Z",
    ]);
    expect(await messagesOf(friday.id)).toEqual([]);
  });

  it("retries a digest the server answers 451, and mails it once on the 250", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", null);
    let calls = 0;
    sink.answer = () => (++calls === 1 ? { code: 451, message: "Try again later" } : undefined);
    start();
    await sink.waitFor(1);
    await vi.waitFor(async () => expect((await messagesOf(ch.id))[0]?.status).toBe("sent"), wait);
    expect(outcomes).toEqual(["retry", "sent"]);
    expect((await messagesOf(ch.id))[0]?.attempts).toBe(2);
    expect(sink.received).toHaveLength(1);
  });

  it("stops the channel after three 550 answers and says why", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", null);
    sink.answer = () => ({ code: 550, message: "No such user" });
    start();
    await vi.waitFor(async () => expect((await statusOf(ch.id)).status).toBe("stopped"), wait);
    expect(outcomes).toEqual(["retry", "retry", "stopped"]);
    expect((await statusOf(ch.id)).stopped_reason).toMatch(
      /refused this address 3 times: .*550 No such user/,
    );
    expect((await messagesOf(ch.id)).map((m) => [m.status, m.attempts])).toEqual([["failed", 3]]);
    expect(sink.received).toHaveLength(0);
    // A stopped channel gets no further digest.
    await match(ch.id, "Tunnel", "2030-03-05T13:00:00Z", null);
    expect(
      (await scheduleEmailDigests(t.db, { now: new Date("2030-03-07T08:00:00Z"), limit: 100 })).queued,
    ).toBe(0);
  });

  it("sends a digest once when its notifier dies mid-send: another takes it after the lease", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", null);
    sink.answer = () => "hang";
    const first = start({ leaseMs: 1_000 });
    await vi.waitFor(() => expect(sink.attempts).toBeGreaterThan(0), wait);
    // The first notifier is gone: it claims nothing more, its mail never got an answer.
    first.stop.abort();
    sink.answer = () => undefined;
    start({ leaseMs: 1_000 });
    await sink.waitFor(1);
    sink.releaseHanging();
    await first.done;
    await vi.waitFor(async () => expect((await messagesOf(ch.id))[0]?.status).toBe("sent"), wait);
    const messages = await messagesOf(ch.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.attempts).toBe(2);
    expect(sink.received).toHaveLength(1);
    // The first attempt's late failure changed nothing.
    expect(outcomes).toEqual(["sent"]);
  });

  it("mails an instant alert for each new batch of matches", async () => {
    const ch = await channel({
      frequency: "instant",
      hourUtc: null,
      confirmedThrough: "2030-03-06T06:00:00Z",
    });
    await match(ch.id, "Bridge repair", "2030-03-06T06:30:00Z", null);
    start();
    const [mail] = await sink.waitFor(1);
    expect(mail?.parsed.subject).toBe("1 new tender for “Bridges”");
    expect(mail?.parsed.text).toContain("Tender search: alert for “Bridges”");
  });

  it("mails a follow-up like a match: an update with what changed", async () => {
    const ch = await channel({
      frequency: "instant",
      hourUtc: null,
      confirmedThrough: "2030-03-06T06:00:00Z",
    });
    const tender = await seedTender(t.db, { title: "Bridge repair", deadline: "2030-03-12T10:00:00Z" });
    await insertMatch(t.db, ch.id, tender.id, {
      matchedAt: "2030-03-06T06:30:00Z",
      followUp: {
        reason: "changed",
        changes: [{ field: "deadline", from: "2030-03-09T10:00:00.000Z", to: "2030-03-12T10:00:00.000Z" }],
      },
    });
    start();
    const [mail] = await sink.waitFor(1);
    expect(mail?.parsed.subject).toBe("1 update for “Bridges”");
    expect(mail?.parsed.text).toContain("- Changed: Bridge repair\n  deadline 9 Mar 2030 → 12 Mar 2030");
    expect(mail?.parsed.text).toContain(`Details: ${BASE}/app/tenders/${tender.id}`);
  });

  it("sends nothing for a disabled API key", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", null);
    const { api_key_id } = await t.db
      .selectFrom("saved_searches")
      .select("api_key_id")
      .where("id", "=", ch.id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("api_keys").set({ enabled: false }).where("id", "=", api_key_id).execute();
    start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.received.filter((m) => m.to.includes(ch.address))).toEqual([]);
  });

  it("holds a queued digest while its key is disabled, and mails it once the key is enabled again", async () => {
    const ch = await channel({ confirmedThrough: "2030-03-05T07:00:00Z" });
    await match(ch.id, "Bridge repair", "2030-03-05T12:00:00Z", null);
    expect((await scheduleEmailDigests(t.db, { now: NOW, limit: 100 })).queued).toBe(1);
    const { api_key_id } = await t.db
      .selectFrom("saved_searches")
      .select("api_key_id")
      .where("id", "=", ch.id)
      .executeTakeFirstOrThrow();
    const setEnabled = (enabled: boolean) =>
      t.db.updateTable("api_keys").set({ enabled }).where("id", "=", api_key_id).execute();
    await setEnabled(false);
    start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.attempts).toBe(0);
    await setEnabled(true);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual([ch.address]);
    expect(mail?.parsed.text).toContain("Bridge repair");
  });
});
