import type { AwardWinner } from "@tender/contracts";
import { OrganisationLink } from "../components/organisation-link.js";

/** An award's winners, each linked to its organisation's page when the API links it. */
export function AwardWinners({ winners }: { winners: readonly AwardWinner[] }) {
  return (
    <>
      {winners.map((w, i) => (
        <span key={`${w.organisation_id}:${i}`} class="winner">
          {i > 0 ? ", " : ""}
          <OrganisationLink id={w.organisation_id} name={w.name} />
        </span>
      ))}
    </>
  );
}
