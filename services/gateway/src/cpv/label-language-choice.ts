import type { LabelLanguage } from "@tender/contracts";
import type { CpvLanguage } from "@tender/cpv";

/** The language labels are given in: its ISO 639-1 code (`Content-Language`) and the vocabulary's. */
export interface LabelLanguageChoice {
  tag: LabelLanguage;
  cpv: CpvLanguage;
}
