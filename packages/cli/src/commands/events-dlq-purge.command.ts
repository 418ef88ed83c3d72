import type { Command } from "commander";
import { CliError } from "../cli-error.js";
import type { OpsContext } from "../ops-context.js";

/** `tender events dlq purge`: deletes every dead letter, only when confirmed with --yes. */
export function registerDlqPurgeCommand(dlq: Command, ctx: OpsContext): void {
  dlq
    .command("purge")
    .description("delete every dead letter for good (asks for --yes)")
    .option("--yes", "confirm: the dead letters cannot be recovered afterwards")
    .option("--json", 'print {"stream","purged"} as JSON')
    .addHelpText(
      "after",
      `
Look at them first (\`tender events dlq list\`) and retry what can be fixed. Purging does not
touch the main stream or any consumer.

Examples:
  $ tender events dlq purge          # says how many would be deleted
  $ tender events dlq purge --yes`,
    )
    .action(async (options: { yes?: boolean; json?: boolean }) => {
      const result = await ctx.withBus(async ({ jsm, topology }) => {
        const stream = topology.names.dlqStream;
        const { state } = await jsm.streams.info(stream);
        if (state.messages === 0) return { stream, purged: 0 };
        if (!options.yes) {
          throw new CliError(
            `this deletes ${state.messages} dead letter(s) from ${stream} for good; run again with --yes (see them first: tender events dlq list)`,
          );
        }
        const { purged } = await jsm.streams.purge(stream);
        return { stream, purged };
      });
      if (options.json) ctx.print(JSON.stringify(result));
      else if (result.purged === 0) ctx.print(`no dead letters in ${result.stream}; nothing to purge`);
      else ctx.print(`purged ${result.purged} dead letter(s) from ${result.stream}`);
    });
}
