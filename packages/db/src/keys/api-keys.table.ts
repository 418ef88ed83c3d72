import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  /** SHA-256 hex of the key; the key itself is never stored. */
  key_hash: string;
  enabled: Generated<boolean>;
  limit_per_minute: number;
  request_count: Generated<number>;
  window_started_at: Generated<Date>;
  created_at: Generated<Date>;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
