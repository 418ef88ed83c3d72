import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

export interface OutboxTable {
  /** bigint identity; read back as a number (pool type parser). */
  id: Generated<number>;
  event_id: string;
  subject: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
  published_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** W3C traceparent of the span that wrote the event (`Traceparent`); null outside a trace. */
  traceparent: string | null;
}
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
