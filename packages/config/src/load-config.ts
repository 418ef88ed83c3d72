import * as v from "valibot";
import { ConfigError } from "./config-error.js";
import { deepFreeze, type Frozen } from "./deep-freeze.js";
import { describeEnvIssues } from "./describe-env-issues.js";

/** Where variables come from: `process.env` or a plain record in tests. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/**
 * Parses `env` with the schema `Env` (coercing, defaulting, checking) and returns the result
 * deeply frozen. Throws a `ConfigError` listing every bad variable at once.
 *
 * Compose a service's schema from the shared fragments:
 * `v.intersect([DatabaseEnv, LogEnv, v.object({ PORT: envInt({ min: 1, max: 65535, default: 8080 }) })])`.
 */
export function loadConfig<const TSchema extends v.GenericSchema<unknown, object>>(
  Env: TSchema,
  env: EnvSource,
): Frozen<v.InferOutput<TSchema>> {
  const result = v.safeParse(Env, env);
  if (!result.success) throw new ConfigError(describeEnvIssues(result.issues, env));
  return deepFreeze(result.output);
}
