/**
 * Thrown by a consumer handler when retrying cannot help (the event refers to something that
 * can never be processed): the message is dead-lettered at once instead of being redelivered.
 */
export class PermanentError extends Error {
  override readonly name = "PermanentError";
}

/** True for a {@link PermanentError}, also one from another copy of this package. */
export function isPermanentError(error: unknown): boolean {
  return error instanceof PermanentError || (error instanceof Error && error.name === "PermanentError");
}
