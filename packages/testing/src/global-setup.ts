import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { createDb, migrateToLatest } from "@tender/db";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { withDatabase } from "./database-url.js";
import { resolveServiceEndpoints } from "./service-endpoints.js";
import "./provided-context.js";

/** Fails with one clear message unless NATS answers at `url` with JetStream enabled. */
async function checkNats(url: string): Promise<void> {
  const nc = await connect({ servers: url, timeout: 5_000 }).catch((error: Error) => {
    throw new Error(`NATS at NATS_URL does not answer: ${error.message}`);
  });
  try {
    // Without JetStream every bus test would fail on its own; one clear message is better.
    await jetstreamManager(nc);
  } catch (error) {
    throw new Error(
      `NATS at NATS_URL has no JetStream (start nats-server with -js): ${(error as Error).message}`,
    );
  } finally {
    await nc.close();
  }
}

/**
 * Runs once per `vitest run`: checks that PostgreSQL and NATS answer (a missing service fails
 * the run, never skips it) and builds a migrated template database that every test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const endpoints = await resolveServiceEndpoints(process.env);
  const runPrefix = `tender_t_${randomBytes(4).toString("hex")}`;
  const template = `${runPrefix}_template`;

  const admin = new pg.Client({ connectionString: endpoints.databaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    await endpoints.stop();
    throw new Error(`PostgreSQL at DATABASE_URL does not answer: ${(error as Error).message}`);
  }
  const teardown = async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${runPrefix}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await endpoints.stop();
  };

  try {
    // Before any database is created, so that a missing NATS leaves nothing behind.
    await checkNats(endpoints.natsUrl);
    await admin.query(`CREATE DATABASE "${template}"`);
    const db = createDb(withDatabase(endpoints.databaseUrl, template), { max: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }

  project.provide("testDatabaseUrl", endpoints.databaseUrl);
  project.provide("testTemplateDatabase", template);
  project.provide("testRunPrefix", runPrefix);
  project.provide("testNatsUrl", endpoints.natsUrl);
  return teardown;
}
