import { type ServiceEndpoints, startServiceContainers } from "./start-service-containers.js";

export type { ServiceEndpoints };

/**
 * Where the tests find PostgreSQL and NATS: DATABASE_URL / NATS_URL when set (always in CI).
 * Only where neither is set, and a container runtime answers, are containers started
 * (`startContainers`, replaceable in tests).
 */
export async function resolveServiceEndpoints(
  env: NodeJS.ProcessEnv,
  startContainers: () => Promise<ServiceEndpoints> = startServiceContainers,
): Promise<ServiceEndpoints> {
  const { DATABASE_URL, NATS_URL, CI } = env;
  if (DATABASE_URL && NATS_URL) return { databaseUrl: DATABASE_URL, natsUrl: NATS_URL, stop: async () => {} };
  if (CI || DATABASE_URL || NATS_URL) {
    throw new Error(
      "Integration tests need both DATABASE_URL (PostgreSQL with pgvector) and NATS_URL (NATS with JetStream). " +
        "Run `bash scripts/setup.sh`, or set both variables.",
    );
  }
  try {
    return await startContainers();
  } catch (error) {
    throw new Error(
      "DATABASE_URL and NATS_URL are not set and no container runtime answered. " +
        "Run `bash scripts/setup.sh`, or set both variables.",
      { cause: error },
    );
  }
}
