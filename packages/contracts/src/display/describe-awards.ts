/** An award as the alert contracts carry it (`Award`), as far as a one-line summary needs it. */
export interface AwardLike {
  winners: readonly { name: string | null }[];
  value: string | null;
  currency: string | null;
}

// A winner's name in a one-line summary: long enough to recognise, short enough for a feed line.
const NAME_MAX_CHARS = 80;
const AMOUNT = /^(\d{1,18})(?:\.(\d{1,2}))?$/;

function clip(text: string): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length <= NAME_MAX_CHARS ? chars.join("") : `${chars.slice(0, NAME_MAX_CHARS - 1).join("")}…`;
}

/** Hundredths as "239,689.54". */
function money(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/** "A", "A and B", "A, B and 3 others": the distinct names in notice order. */
function winners(awards: readonly AwardLike[]): string {
  // The first spelling of each name, compared without case.
  const names = new Map<string, string>();
  for (const { winners: named } of awards) {
    for (const { name } of named) {
      const shown = name === null ? "" : clip(name);
      if (shown !== "" && !names.has(shown.toLowerCase())) names.set(shown.toLowerCase(), shown);
    }
  }
  const [first, second] = names.values();
  if (names.size <= 2) return [first, second].filter(Boolean).join(" and ");
  const others = names.size - 2;
  return `${first}, ${second} and ${others} ${others === 1 ? "other" : "others"}`;
}

/** The awarded values summed per currency, in order of appearance: "EUR 239,689.54 + GBP 5.00". */
function prices(awards: readonly AwardLike[]): string {
  const sums = new Map<string, bigint>();
  for (const { value, currency } of awards) {
    const m = value === null ? null : AMOUNT.exec(value);
    if (!m) continue;
    const cents = BigInt(m[1] as string) * 100n + BigInt((m[2] ?? "0").padEnd(2, "0"));
    const unit = currency !== null && /^[A-Z]{3}$/.test(currency) ? currency : "";
    sums.set(unit, (sums.get(unit) ?? 0n) + cents);
  }
  return [...sums].map(([unit, cents]) => (unit ? `${unit} ${money(cents)}` : money(cents))).join(" + ");
}

/**
 * Who won and at what price, in one line: "Awarded to Mint Health Limited — EUR 239,689.54";
 * several winners as "Awarded to A, B and 3 others", several lots with their values summed per
 * currency and counted ("— EUR 1,200.00 in total, 3 lots"). Names are clipped to 80 characters
 * and shown once each. Empty for no awards (a match, a follow-up without stored awards); the
 * caller escapes the text for where it goes (feed, mail, terminal).
 */
export function describeAwards(awards: readonly AwardLike[] | null): string {
  if (awards === null || awards.length === 0) return "";
  const who = winners(awards);
  const price = prices(awards);
  const valued = awards.filter((a) => a.value !== null).length;
  const lots = awards.length > 1 ? `${awards.length} lots` : "";
  const tail = [price && valued > 1 ? `${price} in total` : price, lots].filter(Boolean).join(", ");
  return `${who ? `Awarded to ${who}` : "Awarded, no winner named"}${tail ? ` — ${tail}` : ""}`;
}
