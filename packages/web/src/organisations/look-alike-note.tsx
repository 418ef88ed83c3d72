import type { OrganisationSpelling } from "@tender/contracts";
import { OrganisationLinks } from "../components/organisation-link.js";
import { UserText } from "../components/user-text.js";

/**
 * A warning when a spelling of this organisation displays like another organisation's name but
 * is written with other characters (the same Unicode confusable skeleton, e.g. Cyrillic "О" for
 * Latin "O"): one of the two may be a forged name.
 */
export function LookAlikeNote({ spellings }: { spellings: readonly OrganisationSpelling[] }) {
  const flagged = spellings.filter((s) => s.looks_like.length > 0);
  if (flagged.length === 0) return null;
  return (
    <div class="notice notice-warning look-alike" role="note">
      <p>
        <strong>Look-alike name.</strong> Written with other characters, these names display like another
        organisation's: one may be forged.
      </p>
      <ul>
        {flagged.map((spelling) => (
          <li key={spelling.name}>
            <UserText text={spelling.name} /> looks like{" "}
            <OrganisationLinks organisations={spelling.looks_like} />
          </li>
        ))}
      </ul>
    </div>
  );
}
