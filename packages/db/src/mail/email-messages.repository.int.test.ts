import { insertMatch, seedSavedSearch, seedTender, useTestDatabase } from "@tender/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { confirmEmailChannel, insertEmailChannel } from "./email-channels.repository.js";
import { scheduleEmailDigests } from "./email-messages.repository.js";

const t = useTestDatabase({ source: "ted" });
const HOUR = 3_600_000;
const START = Date.parse("2031-01-01T00:00:00Z");

describe("scheduleEmailDigests", () => {
  it("covers every match exactly once, in periods that end on the channel's hour and weekday", async () => {
    const tender = await seedTender(t.db);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("instant", "daily", "weekly"),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 7 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 20 * 24 * 60 }), { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 25 * 24 * 60 }), { minLength: 1, maxLength: 10 }),
        async (frequency, hour, weekday, matchMinutes, clockMinutes) => {
          const saved = await seedSavedSearch(t.db);
          await t.db.transaction().execute((trx) =>
            insertEmailChannel(
              trx,
              {
                savedSearchId: saved.id,
                apiKeyId: saved.apiKeyId,
                address: "p@example.org",
                frequency,
                hourUtc: frequency === "instant" ? null : hour,
                weekday: frequency === "weekly" ? weekday : null,
              },
              { perKeyPerHour: 1e6, perAddressPerHour: 1e6 },
            ),
          );
          await confirmEmailChannel(t.db, saved.id);
          await t.db
            .updateTable("email_channels")
            .set({ digested_through: new Date(START) })
            .where("saved_search_id", "=", saved.id)
            .execute();
          const matchTimes = matchMinutes.map((m) => START + m * 60_000);
          for (const [i, at] of matchTimes.entries()) {
            await insertMatch(t.db, saved.id, tender.id, {
              matchedAt: new Date(at).toISOString(),
              contentHash: i.toString(16).padStart(64, "0"),
            });
          }
          for (const minute of [...clockMinutes].sort((a, b) => a - b)) {
            await scheduleEmailDigests(t.db, { now: new Date(START + minute * 60_000), limit: 1_000_000 });
            // Sent at once, so the next period may be queued.
            await t.db
              .updateTable("email_messages")
              .set({ status: "sent" })
              .where("channel_id", "=", saved.id)
              .where("status", "=", "pending")
              .execute();
          }
          const digests = await t.db
            .selectFrom("email_messages")
            .select(["since", "through"])
            .where("channel_id", "=", saved.id)
            .where("kind", "=", "digest")
            .orderBy("through")
            .execute();
          const { digested_through } = await t.db
            .selectFrom("email_channels")
            .select("digested_through")
            .where("saved_search_id", "=", saved.id)
            .executeTakeFirstOrThrow();
          const end = (digested_through as Date).getTime();
          const lastClock = START + Math.max(...clockMinutes) * 60_000;
          expect(end).toBeLessThanOrEqual(lastClock - 5_000);
          for (const at of matchTimes) {
            const covering = digests.filter(
              (d) => (d.since as Date).getTime() < at && at <= (d.through as Date).getTime(),
            );
            // Exactly once up to where the channel has got; never before.
            expect(covering).toHaveLength(at <= end ? 1 : 0);
          }
          for (const d of digests) {
            const through = d.through as Date;
            if (frequency !== "instant") {
              expect([through.getUTCHours(), through.getUTCMinutes(), through.getUTCSeconds()]).toEqual([
                hour,
                0,
                0,
              ]);
            }
            if (frequency === "weekly") expect(((through.getUTCDay() + 6) % 7) + 1).toBe(weekday);
            expect(through.getTime() - (d.since as Date).getTime()).toBeGreaterThan(0);
          }
          if (frequency === "daily") {
            // The channel has got to the latest period end: at most a day (and the settling time) behind.
            expect(end).toBeGreaterThan(lastClock - 24 * HOUR - 5_000);
          }
          await t.db
            .updateTable("email_channels")
            .set({ status: "unsubscribed" })
            .where("saved_search_id", "=", saved.id)
            .execute();
        },
      ),
      { numRuns: 25 },
    );
  });
});
