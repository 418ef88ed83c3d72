import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { CpvPrefix } from "../primitives/cpv-code.js";
import { objectMessage } from "../primitives/object-message.js";
import { Uuid } from "../primitives/uuid.js";

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A supplier that won contracts like this supplier's: how many, and in which of its CPV classes. */
export const Competitor = v.strictObject(
  {
    organisation_id: Uuid,
    name: v.string(),
    country: v.nullable(CountryCode),
    awards: Count,
    classes: v.array(CpvPrefix, "Must be an array"),
  },
  objectMessage,
);
export type Competitor = v.InferOutput<typeof Competitor>;

/**
 * `GET /api/v1/organisations/{id}/competitors` (docs/api.md#similar-contracts): the suppliers that
 * most often won awarded contracts in the CPV classes of this supplier's latest 50 won contracts,
 * most awards first; `notices` and `classes` say what it rests on.
 */
export const CompetitorsResponse = v.strictObject(
  {
    notices: Count,
    classes: v.array(CpvPrefix, "Must be an array"),
    items: v.array(Competitor, "Must be an array"),
  },
  objectMessage,
);
export type CompetitorsResponse = v.InferOutput<typeof CompetitorsResponse>;
