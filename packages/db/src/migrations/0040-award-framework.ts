import { type Kysely, sql } from "kysely";

/**
 * Frameworks in TED awards (docs/api.md#similar-contracts): `awards.framework` says whether the
 * lot is a framework agreement or dynamic purchasing system (eForms BT-765, BT-766), whose value
 * is a ceiling, not spend; null where the award record does not say. The similar contracts read
 * it for notices whose stored payload does not say (TED's search result names neither).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE awards ADD COLUMN framework boolean`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE awards DROP COLUMN framework`.execute(db);
}
