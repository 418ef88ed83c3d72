import * as v from "valibot";
import { CountryCode } from "../primitives/country-code.js";
import { objectMessage } from "../primitives/object-message.js";
import { Uuid } from "../primitives/uuid.js";

export const ORGANISATION_ROLES = ["buyer", "supplier"] as const;

/** The roles an organisation has appeared in: a notice's buyer, an award's winner. */
export const OrganisationRole = v.picklist(
  ORGANISATION_ROLES,
  `Must be one of ${ORGANISATION_ROLES.join(", ")}`,
);
export type OrganisationRole = v.InferOutput<typeof OrganisationRole>;

/** A registered identifier and its register (org-id.guide code such as `GB-COH`; null: none given). */
export const OrganisationIdentifier = v.strictObject(
  { scheme: v.nullable(v.string()), id: v.string() },
  objectMessage,
);
export type OrganisationIdentifier = v.InferOutput<typeof OrganisationIdentifier>;

/** One organisation of `GET /api/v1/organisations` (docs/api.md#organisations). */
export const OrganisationSummary = v.strictObject(
  {
    id: Uuid,
    name: v.string(),
    country: v.nullable(CountryCode),
    identifier: v.nullable(OrganisationIdentifier),
    roles: v.array(OrganisationRole, "Must be an array"),
  },
  objectMessage,
);
export type OrganisationSummary = v.InferOutput<typeof OrganisationSummary>;

/** Response of `GET /api/v1/organisations`: a page and the opaque cursor of the next one (null: last page). */
export const OrganisationListResponse = v.strictObject(
  { items: v.array(OrganisationSummary, "Must be an array"), next_cursor: v.nullable(v.string()) },
  objectMessage,
);
export type OrganisationListResponse = v.InferOutput<typeof OrganisationListResponse>;
