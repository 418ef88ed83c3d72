import { createApiKey, type Database } from "@tender/db";
import { createTestDatabase, type TestDatabase } from "@tender/testing";
import type { Kysely } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../create-app.js";
import type { Deps } from "../deps.js";
import { type ServedApp, serveApp } from "../server/serve-app.js";
import { launchTestBrowser, openSignedIn, type SignInOptions, type TestBrowser } from "./browser.js";
import { TEST_SERVER_TIMEOUTS, testDeps } from "./test-deps.js";

/** This test file's web app in Chromium, valid from its `beforeAll` until its `afterAll`. */
export interface WebAppFixture {
  readonly db: Kysely<Database>;
  readonly browser: TestBrowser;
  /** Where the app is served: `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** An API key with room for every request of the file. */
  readonly key: string;
  /** The id of `key`'s row (saved searches belong to it). */
  readonly apiKeyId: string;
  /** A new page signed in with `key` (or `options.key`), once the browse page shows. */
  signedIn(options?: SignInOptions & { key?: string }): Promise<Page>;
  /** Another gateway on the same database with other deps, on a free port; the caller closes it. */
  serve(overrides?: Partial<Deps>): Promise<ServedApp>;
}

interface Running {
  tdb: TestDatabase;
  browser?: TestBrowser;
  served?: ServedApp;
  key: string;
  apiKeyId: string;
}

/**
 * Before the file's tests: its own database, an API key, `seed` run on the database, the gateway
 * (test deps with `deps`) served on a free port of 127.0.0.1, and Debian's Chromium. After them,
 * all closed. Call it at the top of the file; read the fields only inside hooks and tests.
 */
export function useWebApp(
  options: { keyName?: string; deps?: Partial<Deps>; seed?: (db: Kysely<Database>) => Promise<void> } = {},
): WebAppFixture {
  let running: Running | undefined;
  const current = (): Running => {
    if (!running) throw new Error("the web app runs only inside hooks and tests");
    return running;
  };
  const serve = (overrides: Partial<Deps> = {}) =>
    serveApp(createApp(testDeps(current().tdb.db, { ...options.deps, ...overrides })), {
      port: 0,
      host: "127.0.0.1",
      timeouts: TEST_SERVER_TIMEOUTS,
    });
  const base = () => `http://127.0.0.1:${current().served?.port}`;
  const browser = () => {
    const { browser } = current();
    if (!browser) throw new Error("the browser is launched after the seed");
    return browser;
  };

  beforeAll(async () => {
    const tdb = await createTestDatabase();
    running = { tdb, key: "", apiKeyId: "" };
    const name = options.keyName ?? "web";
    const apiKey = await createApiKey(tdb.db, { name, limitPerMinute: 100_000 });
    running.key = apiKey.key;
    running.apiKeyId = apiKey.id;
    await options.seed?.(tdb.db);
    running.served = await serve();
    running.browser = await launchTestBrowser();
  }, 120_000);

  afterAll(async () => {
    await running?.browser?.close();
    await running?.served?.close(1_000);
    await running?.tdb.destroy();
  });

  return {
    get db() {
      return current().tdb.db;
    },
    get browser() {
      return browser();
    },
    get base() {
      return base();
    },
    get key() {
      return current().key;
    },
    get apiKeyId() {
      return current().apiKeyId;
    },
    signedIn: ({ key, ...signIn } = {}) => openSignedIn(browser(), base(), key ?? current().key, signIn),
    serve,
  };
}
