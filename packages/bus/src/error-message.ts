/** A one-line description of a thrown value, for logs, outbox rows and dead-letter headers. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[\r\n]+/g, " ").trim();
}
