import unhomoglyph from "unhomoglyph";

// Characters that display as nothing (zero-width joiners, soft hyphens, variation selectors).
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The confusable skeleton of a name (Unicode UTS #39, section 4): NFD, invisible characters
 * removed, every character replaced by its prototype from the Unicode confusables table
 * (`confusables.txt` 13.0, as the `unhomoglyph` package ships it), NFD again. Two names that
 * display alike have the same skeleton: "Оxford Вrookes" written with Cyrillic О and В and
 * "Oxford Brookes" both give `Oxford Brookes`-like text. Not for display (`m` becomes `rn`);
 * only for comparing. Case is kept, as the standard does.
 */
export function nameSkeleton(name: string): string {
  return unhomoglyph(name.toWellFormed().normalize("NFD").replace(INVISIBLE, "")).normalize("NFD");
}
