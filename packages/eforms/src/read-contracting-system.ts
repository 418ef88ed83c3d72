import type { NoticeReader } from "./notice-reader.js";
import { children, rawAttribute, type XmlNode } from "./xml-tree.js";

/**
 * BT-765 (`framework-agreement`): `fa-wo-rc` without reopening of competition, `fa-w-rc` with
 * it, `fa-mix` partly both; `none` when the lot is no framework agreement.
 */
export const FRAMEWORK_AGREEMENT_CODES = ["fa-wo-rc", "fa-w-rc", "fa-mix", "none"] as const;
/**
 * BT-766 (`dps-usage`): `dps-list` a dynamic purchasing system open to the buyers the notice
 * lists, `dps-nlist` to others too; `none` when the lot uses none.
 */
export const DPS_CODES = ["dps-list", "dps-nlist", "none"] as const;

/** What a lot's `cac:TenderingProcess/cac:ContractingSystem` says, codes as written. */
export interface ContractingSystem {
  /** BT-765, e.g. `fa-w-rc`. */
  frameworkAgreement: string | null;
  /** BT-766, e.g. `dps-list`. */
  dps: string | null;
  framework: boolean | null;
}

/**
 * Whether a lot is a framework agreement or a dynamic purchasing system, whose award values are
 * ceilings rather than spend: true when either code says so; false when one says `none` and the
 * other says `none` too or is absent; null otherwise (neither given, or a code outside its list):
 * the notice does not say.
 */
export function frameworkOf(frameworkAgreement: string | null, dps: string | null): boolean | null {
  if (isFramework(frameworkAgreement) || isDps(dps)) return true;
  if (frameworkAgreement === null && dps === null) return null;
  return (frameworkAgreement ?? "none") === "none" && (dps ?? "none") === "none" ? false : null;
}

const isFramework = (code: string | null) =>
  code !== null && code !== "none" && known(FRAMEWORK_AGREEMENT_CODES, code);
const isDps = (code: string | null) => code !== null && code !== "none" && known(DPS_CODES, code);
const known = (codes: readonly string[], code: string) => codes.includes(code);

/**
 * BT-765 and BT-766 of a lot's tendering process: the first `ContractingSystemTypeCode` of each
 * list. A code outside its list is kept as written, counts as unknown and is a problem.
 */
export function readContractingSystem(
  tenderingProcess: XmlNode | undefined,
  reader: NoticeReader,
  what: string,
): ContractingSystem {
  let frameworkAgreement: string | null = null;
  let dps: string | null = null;
  for (const system of children(tenderingProcess, "ContractingSystem")) {
    for (const code of children(system, "ContractingSystemTypeCode")) {
      const list = rawAttribute(code, "listName");
      if (list === "framework-agreement" && frameworkAgreement === null) {
        frameworkAgreement = readCode(code, FRAMEWORK_AGREEMENT_CODES, reader, `${what} framework agreement`);
      } else if (list === "dps-usage" && dps === null) {
        dps = readCode(code, DPS_CODES, reader, `${what} dynamic purchasing system`);
      }
    }
  }
  return { frameworkAgreement, dps, framework: frameworkOf(frameworkAgreement, dps) };
}

function readCode(
  node: XmlNode,
  codes: readonly string[],
  reader: NoticeReader,
  what: string,
): string | null {
  const code = reader.id(node, what);
  if (code !== null && !known(codes, code))
    reader.problem(`${what}: "${code.slice(0, 64)}" is not a code of its list`);
  return code;
}
