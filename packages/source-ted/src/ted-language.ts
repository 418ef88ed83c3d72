/**
 * Picks the English entry of a TED language map (`eng`, `ENG`: keys compared case-insensitively),
 * else the first entry that has a value. `null` when no entry has one.
 */
export function pickLanguage<T>(
  map: Readonly<Record<string, T>> | null | undefined,
  hasValue: (value: T) => boolean,
): { language: string; value: T } | null {
  const entries = Object.entries(map ?? {}).filter(([, value]) => hasValue(value));
  const chosen = entries.find(([language]) => language.toLowerCase() === "eng") ?? entries[0];
  return chosen ? { language: chosen[0], value: chosen[1] } : null;
}
