import type { Generated } from "kysely";

export interface EmailConfirmationRequestsTable {
  api_key_id: string;
  address: string;
  /** The mailbox counted by the per-address limit: `emailRateLimitKey(address)` (0033). */
  rate_key: string;
  requested_at: Generated<Date>;
}
