declare module "vitest" {
  export interface ProvidedContext {
    /** Admin connection string of the test PostgreSQL server (any database on it). */
    testDatabaseUrl: string;
    /** Migrated template database that each test file clones. */
    testTemplateDatabase: string;
    /** Prefix of every database this run creates, so teardown can drop them all. */
    testRunPrefix: string;
    testNatsUrl: string;
  }
}

export {};
