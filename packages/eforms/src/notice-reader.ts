import { normalizeDecimalAmount, toStorableText } from "@tender/contracts";
import { decodeXML } from "entities";
import type { EformsLimits } from "./eforms-limits.js";
import { rawAttribute, rawText, type XmlNode } from "./xml-tree.js";

// Notes kept per kind: enough to explain, never a copy of a hostile notice.
const MAX_NOTES = 20;
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/** A money value as the notice states it: an exact decimal string and its currency. */
export interface Money {
  amount: string;
  currency: string | null;
}

/**
 * Reads values out of one notice under its limits and remembers what it cut (`truncation`) and
 * what it could not read (`problems`), so the summary can say so.
 */
export class NoticeReader {
  readonly truncation: string[] = [];
  readonly problems: string[] = [];
  #truncated = 0;
  #problems = 0;

  constructor(readonly limits: EformsLimits) {}

  get truncated(): boolean {
    return this.#truncated > 0;
  }

  // Notes quote cut values, whose last character may be half of a pair.
  cut(note: string): void {
    if (++this.#truncated <= MAX_NOTES) this.truncation.push(note.toWellFormed());
  }

  problem(note: string): void {
    if (++this.#problems <= MAX_NOTES) this.problems.push(note.toWellFormed());
  }

  /** Closes the notes: how many more there were than were kept. */
  finish(): void {
    if (this.#truncated > MAX_NOTES) this.truncation.push(`and ${this.#truncated - MAX_NOTES} more cuts`);
    if (this.#problems > MAX_NOTES) this.problems.push(`and ${this.#problems - MAX_NOTES} more problems`);
  }

  /**
   * One line of human text: entities decoded, control characters and line breaks as spaces,
   * NUL and lone surrogates replaced (U+FFFD), whitespace collapsed, at most `max` characters.
   */
  line(node: XmlNode | undefined, what: string, max = this.limits.maxTextLength): string | null {
    return this.#clean(rawText(node), what, max);
  }

  attribute(node: XmlNode | undefined, name: string, what: string): string | null {
    return this.#clean(rawAttribute(node, name), what, this.limits.maxIdLength);
  }

  /** An identifier (notice id, lot id, organisation reference): one line, at most `maxIdLength`. */
  id(node: XmlNode | undefined, what: string): string | null {
    return this.line(node, what, this.limits.maxIdLength);
  }

  /** A calendar date as written (`2026-05-20+02:00` → `2026-05-20`); null and a problem if unreadable. */
  date(node: XmlNode | undefined, what: string): string | null {
    const text = this.line(node, what, 64);
    if (text === null) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(text);
    const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
    if (match === null || day === null || day.toISOString().slice(0, 10) !== text.slice(0, 10)) {
      this.problem(`${what}: "${text.slice(0, 64)}" is not a date`);
      return null;
    }
    return text.slice(0, 10);
  }

  /** An amount with its `currencyID`: exact decimal, at most 18 integer and 2 fraction digits. */
  money(node: XmlNode | undefined, what: string): Money | null {
    const text = this.line(node, what, 64);
    if (text === null) return null;
    const amount = normalizeDecimalAmount(text);
    if (amount === null) {
      this.problem(`${what}: "${text.slice(0, 64)}" is not an amount (a decimal, at most 2 fraction digits)`);
      return null;
    }
    const code = this.attribute(node, "currencyID", `${what} currency`)?.toUpperCase() ?? null;
    const currency = code !== null && /^[A-Z]{3}$/.test(code) ? code : null;
    if (code !== null && currency === null)
      this.problem(`${what}: "${code.slice(0, 16)}" is not a currency code`);
    return { amount, currency };
  }

  /** A count such as tenders received: a non-negative whole number below 10^9. */
  count(node: XmlNode | undefined, what: string): number | null {
    const text = this.line(node, what, 64);
    if (text === null) return null;
    if (!/^\d{1,9}$/.test(text)) {
      this.problem(`${what}: "${text.slice(0, 64)}" is not a whole number`);
      return null;
    }
    return Number(text);
  }

  /** Keeps at most `max` items; says what it dropped. */
  keep<T>(items: readonly T[], max: number, what: string): T[] {
    if (items.length <= max) return [...items];
    this.cut(`${what}: ${items.length.toLocaleString("en")} given, the first ${max} kept`);
    return items.slice(0, max);
  }

  #clean(raw: string | undefined, what: string, max: number): string | null {
    if (raw === undefined) return null;
    const text = toStorableText(decodeXML(raw)).replace(CONTROLS, " ").replace(/\s+/gu, " ").trim();
    if (text === "") return null;
    let count = 0;
    let end = 0;
    for (const char of text) {
      if (count === max) {
        this.cut(`${what}: cut to ${max.toLocaleString("en")} characters`);
        return text.slice(0, end).trimEnd();
      }
      count++;
      end += char.length;
    }
    return text;
  }
}
