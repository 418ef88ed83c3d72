import { type Kysely, sql } from "kysely";

/**
 * The W3C trace context of the transaction that wrote an event, so the relay can hand it on in
 * the NATS headers. Null for rows written outside a trace. The CHECK is the `Traceparent`
 * contract: version 00, lowercase hex, ids not all zeros (so at most 55 characters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE outbox ADD COLUMN traceparent text
      CONSTRAINT outbox_traceparent_check CHECK (
        traceparent ~ '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$'
        AND substr(traceparent, 4, 32) <> repeat('0', 32)
        AND substr(traceparent, 37, 16) <> repeat('0', 16)
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE outbox DROP COLUMN IF EXISTS traceparent`.execute(db);
}
