import type { EmailSetting } from "@tender/contracts";

/** When a digest goes out, in words: "daily at 07:00 UTC", "weekly on Monday at 07:00 UTC", "at once". */
export function digestSchedule(email: EmailSetting): string {
  const hour = `${String(email.hour_utc ?? 0).padStart(2, "0")}:00 UTC`;
  if (email.frequency === "instant") return "at once, for each new match";
  if (email.frequency === "daily") return `daily at ${hour}`;
  const day = email.weekday ? email.weekday[0]?.toUpperCase() + email.weekday.slice(1) : "";
  return `weekly on ${day} at ${hour}`;
}
