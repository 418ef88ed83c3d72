import * as v from "valibot";
import { EmailAddress } from "../primitives/email-address.js";
import { objectMessage } from "../primitives/object-message.js";

/** How often a saved search mails its digest. */
export const DIGEST_FREQUENCIES = ["instant", "daily", "weekly"] as const;
/** Days of a weekly digest, Monday first (ISO 8601 day n is `WEEKDAYS[n - 1]`). */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
/** Where an email channel stands: only a `confirmed` one is mailed digests. */
export const EMAIL_STATUSES = ["unconfirmed", "confirmed", "stopped", "unsubscribed"] as const;
/** The hour a daily or weekly digest goes out when none is given. */
export const DEFAULT_DIGEST_HOUR_UTC = 7;

const Frequency = v.picklist(DIGEST_FREQUENCIES, "Must be instant, daily or weekly");
const Weekday = v.picklist(WEEKDAYS, "Must be a day of the week in English, lower case (monday)");
const HourUtc = v.pipe(
  v.number("Must be a number"),
  v.integer("Must be a whole number"),
  v.minValue(0, "Must be between 0 and 23"),
  v.maxValue(23, "Must be between 0 and 23"),
);

/**
 * `email` of `POST /api/v1/saved-searches` (docs/api.md#email-digests): where and how often the
 * digest goes. `hour_utc` (daily and weekly; default 7) and `weekday` (weekly only, required)
 * must not be given for another frequency.
 */
export const EmailSettingRequest = v.pipe(
  v.strictObject(
    {
      to: EmailAddress,
      frequency: Frequency,
      hour_utc: v.optional(HourUtc),
      weekday: v.optional(Weekday),
    },
    objectMessage,
  ),
  v.forward(
    v.check(
      (e) => e.frequency !== "instant" || e.hour_utc === undefined,
      "Only for daily and weekly digests",
    ),
    ["hour_utc"],
  ),
  v.forward(
    v.check(
      (e) => (e.frequency === "weekly") === (e.weekday !== undefined),
      "Required for weekly digests only",
    ),
    ["weekday"],
  ),
);
export type EmailSettingRequest = v.InferOutput<typeof EmailSettingRequest>;

/**
 * A saved search's email channel as its owner sees it. `status`: `unconfirmed` until the
 * address follows the link mailed to it; `stopped` after three permanent refusals by the
 * receiving server (`stopped_reason` says which); `unsubscribed` by the link in a digest.
 */
export const EmailSetting = v.strictObject(
  {
    to: v.pipe(v.string("Must be a string"), v.metadata({ format: "email" })),
    frequency: Frequency,
    hour_utc: v.nullable(HourUtc),
    weekday: v.nullable(Weekday),
    status: v.picklist(EMAIL_STATUSES),
    stopped_reason: v.nullable(v.string("Must be a string")),
  },
  objectMessage,
);
export type EmailSetting = v.InferOutput<typeof EmailSetting>;
