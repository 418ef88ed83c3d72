import * as v from "valibot";
import { NoticeKind } from "../primitives/notice-kind.js";
import { objectMessage } from "../primitives/object-message.js";
import { UtcTimestamp } from "../primitives/utc-timestamp.js";
import { Uuid } from "../primitives/uuid.js";
import { NoticeChange } from "./notice-change.js";
import { PageCursor, pageLimit } from "./tender-list-query.js";

/**
 * How many notices of a procedure an answer lists (docs/api.md#procedures): a procedure answer
 * and a card list the first and the latest `listed - 1`; the notices route pages by `page`.
 */
export const PROCEDURE_NOTICE_LIMITS = Object.freeze({ listed: 100, page: 100 });

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * One notice of a procedure (docs/api.md#procedures): `changes` lists what a change notice
 * changed against the notice it replaces (empty: nothing a person sees), null when it replaces
 * none (and, on a tender card, for every notice but the card's own).
 */
export const ProcedureNotice = v.strictObject(
  {
    id: Uuid,
    external_id: v.string(),
    kind: NoticeKind,
    published_at: UtcTimestamp,
    superseded_by: v.nullable(Uuid),
    changes: v.nullable(v.array(NoticeChange, "Must be an array")),
  },
  objectMessage,
);
export type ProcedureNotice = v.InferOutput<typeof ProcedureNotice>;

/** At most `PROCEDURE_NOTICE_LIMITS.listed` notices: the first and the latest ones, oldest first. */
export const ListedProcedureNotices = v.pipe(
  v.array(ProcedureNotice, "Must be an array"),
  v.maxLength(PROCEDURE_NOTICE_LIMITS.listed, `Must have at most ${PROCEDURE_NOTICE_LIMITS.listed} items`),
);

/**
 * A tender card's procedure: its id, its first and latest notices oldest first (only the card's
 * own notice with its `changes`) and how many notices it has in all.
 */
export const TenderProcedure = v.strictObject(
  { id: Uuid, notices: ListedProcedureNotices, notices_total: Count },
  objectMessage,
);
export type TenderProcedure = v.InferOutput<typeof TenderProcedure>;

/** Response of `GET /api/v1/procedures/{id}/notices`: a page of notices, oldest first, and the next cursor (null: last page). */
export const ProcedureNoticeList = v.strictObject(
  {
    items: v.pipe(
      v.array(ProcedureNotice, "Must be an array"),
      v.maxLength(PROCEDURE_NOTICE_LIMITS.page, `Must have at most ${PROCEDURE_NOTICE_LIMITS.page} items`),
    ),
    next_cursor: v.nullable(v.string()),
  },
  objectMessage,
);
export type ProcedureNoticeList = v.InferOutput<typeof ProcedureNoticeList>;

/** Query of `GET /api/v1/procedures/{id}/notices`: `limit` 1..100 (default 100) and `cursor`. */
export const ProcedureNoticeQuery = v.strictObject(
  {
    limit: pageLimit(PROCEDURE_NOTICE_LIMITS.page, PROCEDURE_NOTICE_LIMITS.page),
    cursor: v.optional(PageCursor),
  },
  objectMessage,
);
export type ProcedureNoticeQuery = v.InferOutput<typeof ProcedureNoticeQuery>;
