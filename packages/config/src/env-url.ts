import { type EnvOutput, type EnvSchema, type EnvVarOptions, envVar } from "./env-var.js";

export interface EnvUrlOptions extends EnvVarOptions<string> {
  /** Allowed schemes, with or without the colon: `["postgres", "postgresql"]`. Any scheme when absent. */
  protocols?: readonly string[];
  /**
   * A base that other URLs are built on (a public address): no user name or password, no query
   * and no fragment, which would end up in every URL built from it.
   */
  base?: boolean;
}

/** An absolute URL, returned as written (trimmed), optionally limited to some schemes and to a bare base. */
export function envUrl<const TOptions extends EnvUrlOptions = EnvUrlOptions>(
  options?: TOptions,
): EnvSchema<EnvOutput<string, TOptions>> {
  const protocols = (options?.protocols ?? []).map((p) => (p.endsWith(":") ? p : `${p}:`).toLowerCase());
  const expected =
    protocols.length === 0
      ? "expected an absolute URL"
      : `expected a URL starting with ${joinOr(protocols.map((p) => `${p}//`))}`;
  const shape = options?.base ? ", without user, query or fragment" : "";
  const parse = (raw: string): string | undefined => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    if (protocols.length > 0 && !protocols.includes(url.protocol)) return undefined;
    if (options?.base && (url.username !== "" || url.password !== "" || /[?#]/.test(raw))) return undefined;
    return raw;
  };
  return envVar(`${expected}${shape}`, parse, options) as EnvSchema<EnvOutput<string, TOptions>>;
}

function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
