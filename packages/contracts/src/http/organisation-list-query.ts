import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { objectMessage } from "../primitives/object-message.js";
import { OrganisationRole } from "./organisation-summary.js";
import { TenderListPaging } from "./tender-list-query.js";

/** Longest `q` accepted, in code points; a longer name adds nothing a search can use. */
export const ORGANISATION_QUERY_MAX_LENGTH = 200;

/** Query of `GET /api/v1/organisations` (docs/api.md#organisations). */
export const OrganisationListQuery = v.strictObject(
  {
    q: v.optional(
      v.pipe(
        v.string("Must be a string"),
        v.trim(),
        v.minLength(1, "Must not be empty"),
        v.check(
          (text) => [...text].length <= ORGANISATION_QUERY_MAX_LENGTH,
          `Must be at most ${ORGANISATION_QUERY_MAX_LENGTH} characters long`,
        ),
        v.check(
          (text) => text.isWellFormed() && !text.includes("\u0000"),
          "Must be text the database can store",
        ),
        v.metadata({ maxLength: ORGANISATION_QUERY_MAX_LENGTH }),
      ),
    ),
    role: v.optional(OrganisationRole),
    country: v.optional(CountryCode),
    limit: TenderListPaging.entries.limit,
    cursor: TenderListPaging.entries.cursor,
  },
  objectMessage,
);
export type OrganisationListQuery = v.InferOutput<typeof OrganisationListQuery>;
