// The environment of a service a benchmark starts as a child process (dist/main.js).
// Entry scripts load it with a typed dynamic import, as bench/search/bench-lib.ts explains.

/**
 * PATH, the run's database, NATS under its own bus prefix, warnings only, a probe port of the
 * system's choosing and the fake AI provider; spread the service's own variables after it.
 */
export function benchServiceEnv(options: {
  databaseUrl: string;
  natsUrl: string;
  busPrefix: string;
}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    BUS_PREFIX: options.busPrefix,
    LOG_LEVEL: "warn",
    HEALTH_PORT: "0",
    AI_PROVIDER: "fake",
  };
}
