import { PostgreSqlContainer } from "@testcontainers/postgresql";
import { GenericContainer, type StartedTestContainer } from "testcontainers";

export interface ServiceEndpoints {
  databaseUrl: string;
  natsUrl: string;
  stop: () => Promise<void>;
}

/**
 * Where the tests find PostgreSQL and NATS: DATABASE_URL / NATS_URL when set (always in CI).
 * Only where neither is set, and a container runtime answers, are containers started.
 */
export async function resolveServiceEndpoints(env: NodeJS.ProcessEnv): Promise<ServiceEndpoints> {
  const { DATABASE_URL, NATS_URL, CI } = env;
  if (DATABASE_URL && NATS_URL) return { databaseUrl: DATABASE_URL, natsUrl: NATS_URL, stop: async () => {} };
  if (CI || DATABASE_URL || NATS_URL) {
    throw new Error(
      "Integration tests need both DATABASE_URL (PostgreSQL with pgvector) and NATS_URL (NATS with JetStream). " +
        "Run `bash scripts/setup.sh`, or set both variables.",
    );
  }
  const started: StartedTestContainer[] = [];
  try {
    const pgc = await new PostgreSqlContainer("pgvector/pgvector:pg17").start();
    started.push(pgc);
    const nats = await new GenericContainer("nats:2.10").withCommand(["-js"]).withExposedPorts(4222).start();
    started.push(nats);
    return {
      databaseUrl: pgc.getConnectionUri(),
      natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
      stop: async () => {
        await Promise.all(started.map((c) => c.stop()));
      },
    };
  } catch (error) {
    await Promise.all(started.map((c) => c.stop().catch(() => {})));
    throw new Error(
      "DATABASE_URL and NATS_URL are not set and no container runtime answered. " +
        "Run `bash scripts/setup.sh`, or set both variables.",
      { cause: error },
    );
  }
}
