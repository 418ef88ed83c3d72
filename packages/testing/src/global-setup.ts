import { randomBytes } from "node:crypto";
import { connect } from "@nats-io/transport-node";
import { createDb, migrateToLatest } from "@tender/db";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { withDatabase } from "./database-url.js";
import { resolveServiceEndpoints } from "./service-endpoints.js";
import "./provided-context.js";

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
    throw new Error(`PostgreSQL at DATABASE_URL does not answer: ${(error as Error).message}`);
  }
  await admin.query(`CREATE DATABASE "${template}"`);
  const db = createDb(withDatabase(endpoints.databaseUrl, template), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }

  const nc = await connect({ servers: endpoints.natsUrl, timeout: 5_000 }).catch((error: Error) => {
    throw new Error(`NATS at NATS_URL does not answer: ${error.message}`);
  });
  await nc.close();

  project.provide("testDatabaseUrl", endpoints.databaseUrl);
  project.provide("testTemplateDatabase", template);
  project.provide("testRunPrefix", runPrefix);
  project.provide("testNatsUrl", endpoints.natsUrl);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${runPrefix}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await endpoints.stop();
  };
}
