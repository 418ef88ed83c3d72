import type { AwardWinner } from "@tender/contracts";
import { OrganisationLinks } from "../components/organisation-link.js";

/** An award's winners, each linked to its organisation's page when the API links it. */
export function AwardWinners({ winners }: { winners: readonly AwardWinner[] }) {
  const organisations = winners.map((w) => ({ id: w.organisation_id, name: w.name }));
  return <OrganisationLinks organisations={organisations} class="winner" />;
}
