import { sql } from "kysely";
import type { Db } from "../database.js";

/** The key that signs browsing cursors (migration 0009). */
export async function readCursorSecret(db: Db): Promise<string> {
  const row = await sql<{ secret: string }>`SELECT secret FROM cursor_secret`.execute(db);
  const secret = row.rows[0]?.secret;
  if (!secret) throw new Error("cursor_secret is empty: run the migrations");
  return secret;
}
