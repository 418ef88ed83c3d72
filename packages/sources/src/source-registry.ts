import type { SourceDefinition } from "@tender/ingest";
import { contractsFinderSource } from "@tender/source-contracts-finder";
import { findATenderSource } from "@tender/source-find-a-tender";
import { tedSource } from "@tender/source-ted";

/** Every source, in the order they are listed (CLI help, docs). A new source is one line here. */
export const SOURCES: readonly SourceDefinition[] = [tedSource, contractsFinderSource, findATenderSource];

/** The definition of a source code, or undefined for a code no package defines. */
export function sourceByCode(code: string): SourceDefinition | undefined {
  return SOURCES.find((source) => source.code === code);
}

/** `ted, contracts_finder or find_a_tender`: the codes as a CLI message lists them. */
export function sourceChoice(): string {
  const codes = SOURCES.map((source) => source.code);
  return codes.length === 1 ? `${codes[0]}` : `${codes.slice(0, -1).join(", ")} or ${codes.at(-1)}`;
}
