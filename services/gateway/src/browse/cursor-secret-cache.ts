import { type Database, readCursorSecret } from "@tender/db";
import type { Kysely } from "kysely";

/**
 * The database's cursor secret, read once and kept (a failed read is retried next time): the
 * key that signs every cursor the gateway issues.
 */
export function cursorSecretCache(db: Kysely<Database>): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= readCursorSecret(db).catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
