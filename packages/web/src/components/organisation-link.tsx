import { organisationHref } from "../router.js";
import { UserText } from "./user-text.js";

/** A name from a notice, linked to its organisation's page when the API links it to one. */
export function OrganisationLink({ id, name }: { id: string | null | undefined; name: string | null }) {
  const text = <UserText text={name ?? "Name not stated"} />;
  return id ? <a href={organisationHref(id)}>{text}</a> : text;
}
