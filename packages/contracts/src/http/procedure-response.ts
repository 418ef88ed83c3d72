import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { SourceCode } from "../primitives/source-code.js";
import { Uuid } from "../primitives/uuid.js";
import { AWARD_LIMITS, awardList } from "./award.js";
import { ProcedureNotice } from "./procedure-notice.js";
import { TenderSummary, type TenderSummaryRow } from "./tender-summary.js";

/**
 * `GET /api/v1/procedures/{id}` (docs/api.md#procedures): the procedure's current notice (the
 * latest current call for competition or change, else its latest current notice), its notices
 * oldest first, and the awards of its result, modification and change notices that nothing supersedes
 * (oldest notice first, each in notice order).
 */
export const ProcedureResponse = v.strictObject(
  {
    id: Uuid,
    source: SourceCode,
    current: TenderSummary,
    notices: v.array(ProcedureNotice, "Must be an array"),
    awards: awardList(AWARD_LIMITS.procedureAwards),
  },
  objectMessage,
);
export type ProcedureResponse = v.InferOutput<typeof ProcedureResponse>;
/** A `ProcedureResponse` as the database gives it, before the current notice's CPV labels are added. */
export type ProcedureResponseRow = Omit<ProcedureResponse, "current"> & { current: TenderSummaryRow };
