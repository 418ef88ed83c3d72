import { organisationHref } from "../router.js";
import { UserText } from "./user-text.js";

/** A name from a notice, linked to its organisation's page when the API links it to one. */
export function OrganisationLink({ id, name }: { id: string | null | undefined; name: string | null }) {
  const text = <UserText text={name ?? "Name not stated"} />;
  return id ? <a href={organisationHref(id)}>{text}</a> : text;
}

/** Names linked to their organisations' pages as `OrganisationLink` does, separated by commas; `class` on each. */
export function OrganisationLinks({
  organisations,
  class: className,
}: {
  organisations: readonly { id: string | null | undefined; name: string | null }[];
  class?: string;
}) {
  return (
    <>
      {organisations.map((o, i) => (
        <span key={`${o.id}:${i}`} class={className}>
          {i > 0 ? ", " : ""}
          <OrganisationLink id={o.id} name={o.name} />
        </span>
      ))}
    </>
  );
}
