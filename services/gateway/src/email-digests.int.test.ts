import { createWireValidator } from "@tender/contracts";
import { createApiKey, emailLinkKey, parseEmailLink, signEmailLink } from "@tender/db";
import { useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";
import { postJson, readJson, send } from "./testing/requests.js";
import { testDeps } from "./testing/test-deps.js";

const validateCreated = createWireValidator("saved-search-created");
const validateOne = createWireValidator("saved-search");
const fixture = useTestDatabase();
let key: string;
// The links' tests use a key of their own: each key may ask for 5 confirmation mails an hour.
let linksKey: string;
let deps: ReturnType<typeof testDeps>;
let app: ReturnType<typeof createApp>;
let linkKey: Buffer;

const create = (email: unknown, apiKey = key) =>
  postJson(app, "/api/v1/saved-searches", { name: "Bridges", query: "bridge repair", email }, apiKey);
const link = (action: "confirm" | "unsubscribe", channelId: string, address: string, expiresAt?: number) =>
  `/api/v1/email/${action}?token=${encodeURIComponent(
    signEmailLink(linkKey, {
      action,
      channelId,
      address,
      expiresAt: expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
    }),
  )}`;
const statusOf = async (id: string, apiKey = key) =>
  (await readJson(await send(app, `/api/v1/saved-searches/${id}`, { headers: { "x-api-key": apiKey } })))
    .email;

beforeAll(async () => {
  key = (await createApiKey(fixture.db, { name: "mail", limitPerMinute: 1_000_000 })).key;
  linksKey = (await createApiKey(fixture.db, { name: "links", limitPerMinute: 1_000_000 })).key;
  deps = testDeps(fixture.db);
  app = createApp(deps);
  linkKey = emailLinkKey(deps.config.savedSearches.webhookSecretKey as Buffer);
});

describe("a saved search with an email digest", () => {
  it("is stored unconfirmed with a confirmation mail queued, and shown with its schedule", async () => {
    const response = await create({ to: "Ann@Example.org", frequency: "weekly", weekday: "monday" });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(validateCreated(body)).toMatchObject({ ok: true });
    expect(body.email).toEqual({
      to: "Ann@example.org",
      frequency: "weekly",
      hour_utc: 7,
      weekday: "monday",
      status: "unconfirmed",
      stopped_reason: null,
    });
    expect(
      validateOne(
        await readJson(
          await send(app, `/api/v1/saved-searches/${body.id}`, { headers: { "x-api-key": key } }),
        ),
      ),
    ).toMatchObject({ ok: true });
    const queued = await fixture.db
      .selectFrom("email_messages")
      .select(["kind", "status"])
      .where("channel_id", "=", body.id)
      .execute();
    expect(queued).toEqual([{ kind: "confirmation", status: "pending" }]);
  });

  it("refuses a bad address or schedule with the field that is wrong, and stores nothing", async () => {
    const before = await fixture.db.selectFrom("saved_searches").select("id").execute();
    for (const [email, path] of [
      [{ to: "a@b.c\r\nBcc: x@y.z", frequency: "daily" }, "/email/to"],
      [{ to: "a@example.org", frequency: "hourly" }, "/email/frequency"],
      [{ to: "a@example.org", frequency: "daily", hour_utc: 24 }, "/email/hour_utc"],
      [{ to: "a@example.org", frequency: "instant", hour_utc: 7 }, "/email/hour_utc"],
      [{ to: "a@example.org", frequency: "weekly" }, "/email/weekday"],
      [{ to: "a@example.org", frequency: "daily", weekday: "monday" }, "/email/weekday"],
    ] as const) {
      const response = await create(email);
      expect(response.status, JSON.stringify(email)).toBe(422);
      const body = await readJson(response);
      expect(body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await fixture.db.selectFrom("saved_searches").select("id").execute()).toHaveLength(before.length);
  });

  it("allows 3 confirmation mails an hour to one address, whatever the key; an address already confirmed needs none", async () => {
    const other = (await createApiKey(fixture.db, { name: "other", limitPerMinute: 1_000_000 })).key;
    const address = "busy@example.org";
    const first = await readJson(await create({ to: address, frequency: "daily" }));
    expect((await create({ to: address, frequency: "daily" }, other)).status).toBe(201);
    expect((await create({ to: address, frequency: "daily" })).status).toBe(201);
    const refused = await create({ to: "BUSY@example.org", frequency: "daily" }, other);
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error.message).toMatch(/confirmation mails to this address/);
    // Once confirmed, this key's next saved search to that address is confirmed at once.
    expect((await send(app, link("confirm", first.id, address), { method: "POST" })).status).toBe(200);
    const again = await readJson(await create({ to: address, frequency: "instant" }));
    expect(again.email.status).toBe("confirmed");
  });

  it("counts sub-addresses and cases of one mailbox as one address, and stores each as written (issue 32)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/)), { minLength: 4, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (tags, upper) => {
          run += 1;
          const spellings = tags.map((tag, i) => {
            const address = `plus${run}${tag === null ? "" : `+${tag}`}@example.org`;
            return upper[i] ? address.toUpperCase() : address;
          });
          for (const [i, to] of spellings.entries()) {
            // A key of its own each time: the per-key limit must not be what refuses.
            const apiKey = (
              await createApiKey(fixture.db, { name: `plus ${run} ${i}`, limitPerMinute: 1_000 })
            ).key;
            const response = await create({ to, frequency: "daily" }, apiKey);
            if (i < 3) {
              expect(response.status, to).toBe(201);
              const at = to.lastIndexOf("@");
              expect((await readJson(response)).email.to).toBe(
                `${to.slice(0, at)}${to.slice(at).toLowerCase()}`,
              );
            } else {
              expect(response.status, to).toBe(429);
              expect((await readJson(response)).error.message).toMatch(/confirmation mails to this address/);
            }
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it("refuses an address that routes mail on to another host", async () => {
    for (const to of ["rt%evil.example@x.example", "evil.example!rt@x.example"]) {
      const response = await create({ to, frequency: "daily" });
      expect(response.status, to).toBe(422);
      expect((await readJson(response)).error.details.map((d: { path: string }) => d.path)).toEqual([
        "/email/to",
      ]);
    }
  });

  it("allows 5 confirmation mails an hour per key, and keeps nothing of a refused request", async () => {
    const limited = (await createApiKey(fixture.db, { name: "limited", limitPerMinute: 1_000_000 })).key;
    for (let i = 0; i < 5; i += 1) {
      expect((await create({ to: `p${i}@example.org`, frequency: "daily" }, limited)).status).toBe(201);
    }
    const refused = await create({ to: "p5@example.org", frequency: "daily" }, limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect((await readJson(refused)).error.message).toMatch(/for this API key/);
    const list = await readJson(
      await send(app, "/api/v1/saved-searches", { headers: { "x-api-key": limited } }),
    );
    expect(list.items).toHaveLength(5);
  });
});

describe("confirmation and unsubscribe links", () => {
  it("confirm only on POST: a GET (a mail scanner) shows a page and changes nothing", async () => {
    const { id } = await readJson(
      await create({ to: "carl@example.org", frequency: "daily", hour_utc: 6 }, linksKey),
    );
    const page = await send(app, link("confirm", id, "carl@example.org"));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain("“Bridges”");
    expect((await statusOf(id, linksKey)).status).toBe("unconfirmed");
    const done = await send(app, link("confirm", id, "carl@example.org"), { method: "POST" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Confirmed");
    expect((await statusOf(id, linksKey)).status).toBe("confirmed");
  });

  it("unsubscribe with the RFC 8058 one-click POST, without a key; GET alone changes nothing", async () => {
    const { id } = await readJson(await create({ to: "dora@example.org", frequency: "instant" }, linksKey));
    await send(app, link("confirm", id, "dora@example.org"), { method: "POST" });
    const url = link("unsubscribe", id, "dora@example.org");
    expect((await send(app, url)).status).toBe(200);
    expect((await statusOf(id, linksKey)).status).toBe("confirmed");
    const response = await send(app, url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect((await statusOf(id, linksKey)).status).toBe("unsubscribed");
    expect((await send(app, url, { method: "POST" })).status).toBe(200);
  });

  it("refuses an expired, altered, foreign or malformed token with the same 404 page", async () => {
    const { id } = await readJson(await create({ to: "eve@example.org", frequency: "daily" }, linksKey));
    const good = link("confirm", id, "eve@example.org");
    const expired = link("confirm", id, "eve@example.org", Math.floor(Date.now() / 1000) - 1);
    const otherAddress = link("confirm", id, "mallory@example.org");
    const wrongAction = link("unsubscribe", id, "eve@example.org").replace("/unsubscribe?", "/confirm?");
    for (const url of [
      expired,
      otherAddress,
      wrongAction,
      "/api/v1/email/confirm",
      "/api/v1/email/confirm?token=",
    ]) {
      const response = await send(app, url, { method: "POST" });
      expect(response.status, url).toBe(404);
      expect(await response.text()).toContain("This link does not work");
    }
    const token = decodeURIComponent(good.split("token=")[1] as string);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.string({ minLength: 1, maxLength: 3 }),
        async (at, text) => {
          const altered = token.slice(0, at) + text + token.slice(at + 1);
          fc.pre(altered !== token);
          const response = await send(app, `/api/v1/email/confirm?token=${encodeURIComponent(altered)}`, {
            method: "POST",
          });
          expect(response.status).toBe(404);
        },
      ),
      { numRuns: 60 },
    );
    expect((await statusOf(id, linksKey)).status).toBe("unconfirmed");
    expect(parseEmailLink(token)?.channelId).toBe(id);
  });
});
