import * as v from "valibot";
import { objectMessage } from "../primitives/object-message.js";
import { SourceCode } from "../primitives/source-code.js";
import { Uuid } from "../primitives/uuid.js";
import { ProcedureNotice } from "./procedure-notice.js";
import { TenderSummary } from "./tender-summary.js";

/**
 * `GET /api/v1/procedures/{id}` (docs/api.md#procedures): the procedure's current notice (the
 * latest current call for competition or change, else its latest current notice), its notices
 * oldest first, and its awards (none until awards are mapped).
 */
export const ProcedureResponse = v.strictObject(
  {
    id: Uuid,
    source: SourceCode,
    current: TenderSummary,
    notices: v.array(ProcedureNotice, "Must be an array"),
    awards: v.pipe(
      v.array(v.unknown(), "Must be an array"),
      v.maxLength(0, "Must be empty: awards are not mapped yet"),
    ),
  },
  objectMessage,
);
export type ProcedureResponse = v.InferOutput<typeof ProcedureResponse>;
