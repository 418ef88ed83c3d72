import type { Generated, Selectable } from "kysely";

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  match_id: string;
  status: Generated<"pending" | "delivered" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
