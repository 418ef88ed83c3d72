import {
  DEFAULT_DIGEST_HOUR_UTC,
  type EmailSetting,
  type EmailSettingRequest,
  WEEKDAYS,
} from "@tender/contracts";
import type { EmailChannelView, NewEmailChannel } from "@tender/db";

/** A stored email channel as the API shows it (weekday by name). */
export function toEmailSetting(view: EmailChannelView): EmailSetting {
  return {
    to: view.address,
    frequency: view.frequency,
    hour_utc: view.hour_utc,
    weekday: view.weekday === null ? null : (WEEKDAYS[view.weekday - 1] ?? null),
    status: view.status,
    stopped_reason: view.stopped_reason,
  };
}

/** The channel to store for a requested email setting (ISO weekday, default hour). */
export function toNewEmailChannel(
  request: EmailSettingRequest,
  ids: { savedSearchId: string; apiKeyId: string },
): NewEmailChannel {
  return {
    ...ids,
    address: request.to,
    frequency: request.frequency,
    hourUtc: request.frequency === "instant" ? null : (request.hour_utc ?? DEFAULT_DIGEST_HOUR_UTC),
    weekday: request.weekday === undefined ? null : WEEKDAYS.indexOf(request.weekday) + 1,
  };
}
