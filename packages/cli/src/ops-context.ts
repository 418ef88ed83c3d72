import type { JetStreamClient, JetStreamManager } from "@nats-io/jetstream";
import { type Bus, type BusTopology, busNames, busTopology, connectBus } from "@tender/bus";
import { loadConfig, redactConnectionString } from "@tender/config";
import { CliBusEnv } from "./bus-env.js";
import type { CliDeps } from "./cli-deps.js";
import { CliError } from "./cli-error.js";
import { type CommandContext, createCommandContext } from "./command-context.js";
import { describeBusError } from "./describe-bus-error.js";

/** A NATS connection for one command, with the topology named by BUS_PREFIX. */
export interface CliBus {
  js: JetStreamClient;
  jsm: JetStreamManager;
  topology: BusTopology;
  /** NATS_URL with any password hidden, for messages. */
  natsUrl: string;
}

/** The command context of the operator tools: the database and the event bus. */
export interface OpsContext extends CommandContext {
  /**
   * Connects to NATS_URL, runs `use` and always closes the connection. Failures become one-line
   * `CliError`s; a `CliError` thrown by `use` passes through unchanged.
   */
  withBus<T>(use: (bus: CliBus) => Promise<T>): Promise<T>;
}

export function createOpsContext(deps: CliDeps): OpsContext {
  return {
    ...createCommandContext(deps),
    async withBus(use) {
      const { NATS_URL, NATS_STREAM_REPLICAS, BUS_PREFIX } = loadConfig(CliBusEnv, deps.env);
      let topology: BusTopology;
      try {
        topology = busTopology({ names: busNames(BUS_PREFIX), replicas: NATS_STREAM_REPLICAS });
      } catch (error) {
        throw new CliError(`BUS_PREFIX: ${(error as Error).message}`);
      }
      const natsUrl = redactConnectionString(NATS_URL);
      let bus: Bus;
      try {
        bus = await connectBus({ servers: NATS_URL, name: "tender-cli", timeoutMs: 5_000 });
      } catch (error) {
        const reason = redactConnectionString(((error as Error).message ?? "").split("\n", 1)[0] ?? "");
        throw new CliError(`cannot reach NATS at ${natsUrl} (${reason}) — is it running? Set NATS_URL.`);
      }
      try {
        return await use({ js: bus.js, jsm: bus.jsm, topology, natsUrl });
      } catch (error) {
        if (error instanceof CliError) throw error;
        throw new CliError(describeBusError(error, natsUrl), { cause: error });
      } finally {
        await bus.close().catch(() => {});
      }
    },
  };
}
