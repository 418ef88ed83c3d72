import { CliError } from "./cli-error.js";

export const MAX_LIMIT_PER_MINUTE = 1_000_000;
const MAX_NAME_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--limit-per-minute`: a whole number from 1 to 1,000,000, written in plain digits. */
export function parseLimitPerMinute(raw: string): number {
  const n = /^\d{1,7}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(n >= 1 && n <= MAX_LIMIT_PER_MINUTE)) {
    throw new CliError(
      `--limit-per-minute must be a whole number from 1 to ${MAX_LIMIT_PER_MINUTE}, got ${JSON.stringify(raw)}`,
    );
  }
  return n;
}

/** `--name`: trimmed, 1..200 characters, no control characters (it is printed in tables). */
export function parseKeyName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || /\p{Cc}/u.test(name)) {
    throw new CliError(`--name must be 1 to ${MAX_NAME_LENGTH} characters without control characters`);
  }
  return name;
}

/** A key id argument: a uuid, as printed by `tender keys list`. Returned in lower case. */
export function parseKeyId(raw: string): string {
  return parseUuid(raw, "an API key id", "tender keys list");
}

/** A uuid argument naming `what`, as printed by `listedBy`. Returned in lower case. */
export function parseUuid(raw: string, what: string, listedBy: string): string {
  if (!UUID.test(raw.trim())) {
    throw new CliError(`${JSON.stringify(raw)} is not ${what}: expected a uuid, as shown by \`${listedBy}\``);
  }
  return raw.trim().toLowerCase();
}
