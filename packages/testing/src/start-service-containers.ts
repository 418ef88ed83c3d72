import { PostgreSqlContainer } from "@testcontainers/postgresql";
import { GenericContainer, type StartedTestContainer } from "testcontainers";

/** Where the tests find PostgreSQL and NATS, and how to stop what was started for them. */
export interface ServiceEndpoints {
  databaseUrl: string;
  natsUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts PostgreSQL with pgvector and NATS with JetStream in containers (needs a container
 * runtime). When one fails to start, the ones already started are stopped again.
 */
export async function startServiceContainers(): Promise<ServiceEndpoints> {
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
    throw error;
  }
}
