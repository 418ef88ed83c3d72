import type { Generated } from "kysely";

export interface EmailConfirmationRequestsTable {
  api_key_id: string;
  address: string;
  requested_at: Generated<Date>;
}
