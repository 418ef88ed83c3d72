import { FOLLOW_UP_REASONS, NOTICE_CHANGE_FIELDS } from "@tender/contracts";
import { sql } from "kysely";

/**
 * The follow-up reason of the tender `t` (docs/events.md#follow-ups): `changed`, `awarded` or
 * `cancelled` by its kind, NULL for a planning notice or a call for competition.
 */
export const FOLLOW_UP_REASON_SQL = sql.raw(
  `CASE t.kind ${Object.entries(FOLLOW_UP_REASONS)
    .map(([kind, reason]) => `WHEN '${kind}' THEN '${reason}'`)
    .join(" ")} END`,
);

/** A JSON path true when a tender's `changes` list a change a person sees (any of `NOTICE_CHANGE_FIELDS`). */
export const VISIBLE_CHANGE_PATH = sql.lit(
  `$[*] ? (${NOTICE_CHANGE_FIELDS.map((field) => `@.field == "${field}"`).join(" || ")})`,
);
