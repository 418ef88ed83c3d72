import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";

const MARK = "/* prepared */ ";

/**
 * `statement` run as a prepared statement of its connection (see {@link prepareMarkedStatements}):
 * PostgreSQL parses it once per connection and, once its generic plan is as cheap as the custom
 * ones, stops planning it. For hot statements whose text does not vary with the input: each
 * distinct text is one statement kept by every connection of the pool.
 */
export function prepared<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`/* prepared */ ${statement}`;
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * What PostgreSQL answers when a table a prepared statement reads changed the type of a column
 * it returns (a migration while the service runs): the statement stays unusable on that
 * connection, so it is prepared again under a new name.
 */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

/**
 * Makes a node-postgres client run the statements marked by {@link prepared} as named
 * statements. kysely hands the client only text and values, and node-postgres prepares a
 * statement only when it is given a name: the name here is a digest of the text, so one text
 * is prepared once per connection and two texts never share a name.
 */
export function prepareMarkedStatements(client: { query: unknown }): void {
  const query = (client.query as Query).bind(client);
  // Marked texts are few (they do not vary with the input): hash each once per connection.
  const names = new Map<string, string>();
  let generation = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `tender_${generation}_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  };
  const run = (text: string, values: unknown[]) =>
    query({ name: nameOf(text), text, values }) as Promise<unknown>;
  client.query = ((config, values, callback) => {
    if (
      typeof config !== "string" ||
      !config.startsWith(MARK) ||
      !Array.isArray(values) ||
      callback !== undefined
    )
      return query(config, values, callback);
    // The error comes before the statement runs: running it again under a new name is safe.
    return run(config, values).catch((error: unknown) => {
      if (!RESULT_TYPE_CHANGED.test(String((error as Error | undefined)?.message))) throw error;
      generation++;
      names.clear();
      return run(config, values);
    });
  }) satisfies Query;
}
