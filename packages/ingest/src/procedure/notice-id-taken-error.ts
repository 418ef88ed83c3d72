/**
 * A notice whose `external_id` is stored already as a notice of another procedure, from a source
 * whose ids are unique within a procedure only (OCDS release ids, unique per `ocid`): the record
 * is quarantined with this reason, and the stored notice stays where it is. Otherwise two ocids
 * publishing the same release id, by accident or on purpose, would silently move one
 * procedure's notice into the other.
 */
export class NoticeIdTakenError extends Error {
  override readonly name = "NoticeIdTakenError";

  constructor(externalId: string, storedKey: string, key: string) {
    super(
      `external_id: "${externalId}" is stored already as a notice of procedure "${storedKey}", and this one names procedure "${key}" (its ids are unique within a procedure only)`,
    );
  }
}
