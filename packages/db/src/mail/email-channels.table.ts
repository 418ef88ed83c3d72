import type { Generated, Selectable } from "kysely";

export interface EmailChannelsTable {
  saved_search_id: string;
  address: string;
  frequency: "instant" | "daily" | "weekly";
  hour_utc: number | null;
  /** ISO 8601 day of the week, 1 = Monday. */
  weekday: number | null;
  status: Generated<"unconfirmed" | "confirmed" | "stopped" | "unsubscribed">;
  stopped_reason: string | null;
  permanent_failures: Generated<number>;
  confirmed_at: Date | null;
  /** Where the next digest's period starts; set at confirmation. */
  digested_through: Date | null;
  created_at: Generated<Date>;
}
export type EmailChannelRow = Selectable<EmailChannelsTable>;
