import type { Db } from "@tender/db";
import { CliError } from "../cli-error.js";
import type { CommandContext } from "../command-context.js";
import { formatAge } from "../format-age.js";
import { parseAge } from "../parse-events-options.js";

/** What `purgeFailed` deletes, in the words its messages use. */
export interface PurgeTarget {
  /** Plural noun, e.g. "failed mail(s)". */
  noun: string;
  /** The noun when there is none, e.g. "failed mails". */
  none: string;
  /** Appended to the refusal without --yes, e.g. " (see them first: tender alerts list)". */
  hint?: string;
  /** Deletes the failed rows (older than the given age, when set) in `trx`; their number. */
  purge(trx: Db, options: { olderThanSeconds?: number }): Promise<number>;
}

/**
 * The one purge flow of the alert commands: counts by deleting inside a transaction, then undoes
 * it unless `--yes` was given, so the number shown is exactly what `--yes` deletes.
 */
export async function purgeFailed(
  ctx: CommandContext,
  target: PurgeTarget,
  options: { olderThan?: string; yes?: boolean; json?: boolean },
): Promise<void> {
  const olderThanSeconds =
    options.olderThan === undefined ? undefined : parseAge(options.olderThan, "--older-than");
  const scope = olderThanSeconds === undefined ? "" : ` older than ${formatAge(olderThanSeconds)}`;
  const purged = await ctx.withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      const count = await target.purge(trx, { olderThanSeconds });
      if (count > 0 && !options.yes) {
        throw new CliError(
          `this deletes ${count} ${target.noun}${scope} for good; run again with --yes${target.hint ?? ""}`,
        );
      }
      return count;
    }),
  );
  if (options.json) ctx.print(JSON.stringify({ purged }));
  else if (purged === 0) ctx.print(`no ${target.none}${scope}; nothing to purge`);
  else ctx.print(`purged ${purged} ${target.noun}${scope}`);
}
