import * as v from "valibot";

/** Wire pattern of a UUID: lowercase, as PostgreSQL prints it. */
export const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** UUID in either case; the output is lowercase. */
export const Uuid = v.pipe(
  v.string("Must be a UUID string"),
  v.uuid("Must be a UUID, e.g. 3f2c8a4e-1b7d-4c6e-9a0f-5d2e8b7c1a90"),
  v.toLowerCase(),
  v.metadata({ pattern: UUID_PATTERN }),
);
export type Uuid = v.InferOutput<typeof Uuid>;
