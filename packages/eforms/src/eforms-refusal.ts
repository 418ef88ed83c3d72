/** Why a notice was not read at all. */
export type EformsRefusalCode =
  | "too-large"
  | "doctype"
  | "too-deep"
  | "too-many-elements"
  | "not-xml"
  | "not-eforms";

/** A notice `parseEformsNotice` would not read: a code to branch on and a sentence for people. */
export interface EformsRefusal {
  ok: false;
  code: EformsRefusalCode;
  message: string;
}

export function refuse(code: EformsRefusalCode, message: string): EformsRefusal {
  return { ok: false, code, message };
}
