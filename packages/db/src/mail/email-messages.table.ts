import type { Generated, Selectable } from "kysely";

export interface EmailMessagesTable {
  id: Generated<string>;
  channel_id: string;
  kind: "confirmation" | "digest";
  /** A digest lists the matches recorded in `(since, through]`; null for a confirmation. */
  since: Date | null;
  through: Date | null;
  status: Generated<"pending" | "sent" | "empty" | "failed" | "cancelled">;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}
export type EmailMessageRow = Selectable<EmailMessagesTable>;
