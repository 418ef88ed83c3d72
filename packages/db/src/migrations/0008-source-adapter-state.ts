import { type Kysely, sql } from "kysely";

/**
 * `sources.pass_window_start` (0005) was TED's alone: the generic sync now keeps an opaque
 * `adapter_state` per source instead, stored with the cursor and handed back to the adapter, which
 * alone reads it; it is cleared with the cursor at the end of the data. A window already stored is
 * carried over in the TED adapter's shape, `{"windowStart": "<ISO 8601, UTC>"}` (`TedAdapterState`
 * in @tender/source-ted), so a pass interrupted before the upgrade resumes over the same window.
 * A state is small; the bound keeps a faulty adapter from bloating the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sources ADD COLUMN adapter_state jsonb
      CONSTRAINT sources_adapter_state_size CHECK (octet_length(adapter_state::text) <= 16384)
  `.execute(db);
  await sql`
    UPDATE sources
    SET adapter_state = jsonb_build_object(
      'windowStart', to_char(pass_window_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )
    WHERE pass_window_start IS NOT NULL
  `.execute(db);
  await sql`ALTER TABLE sources DROP COLUMN pass_window_start`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sources ADD COLUMN pass_window_start timestamptz`.execute(db);
  await sql`
    UPDATE sources
    SET pass_window_start = (adapter_state ->> 'windowStart')::timestamptz
    WHERE jsonb_typeof(adapter_state -> 'windowStart') = 'string'
      AND adapter_state ->> 'windowStart' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$'
  `.execute(db);
  await sql`ALTER TABLE sources DROP COLUMN adapter_state`.execute(db);
}
