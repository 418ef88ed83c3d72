/** Why a notice was not read at all. */
export type EformsRefusalCode =
  | "too-large"
  | "doctype"
  | "too-deep"
  | "too-many-elements"
  | "too-many-attributes"
  | "too-many-references"
  | "too-many-lots"
  | "not-xml"
  | "not-eforms";

/** A notice `parseEformsNotice` would not read: a code to branch on and a sentence for people. */
export interface EformsRefusal {
  ok: false;
  code: EformsRefusalCode;
  message: string;
}

// Parser messages quote element names, which a hostile notice can make megabytes long.
const MESSAGE_MAX_LENGTH = 300;

export function refuse(code: EformsRefusalCode, message: string): EformsRefusal {
  const short =
    message.length > MESSAGE_MAX_LENGTH ? `${message.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : message;
  return { ok: false, code, message: short.toWellFormed() };
}
