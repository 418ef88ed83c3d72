import * as v from "valibot";

/** Longest address a mail path can carry (RFC 5321: 256 octets with the angle brackets). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

// An RFC 5321 Dot-string without `?`, `%` and `!`: no quoted local part, no comment, no IP
// literal, nothing an encoded word (`=?utf-8?…?=`) or a header could be made of, and no relay
// route: `rt%evil.example@x.example` (the "percent hack", RFC 5321 appendix C) and `evil!rt@…`
// (a UUCP bang path) ask the receiving server to pass the mail on to another host.
const LOCAL = /^[A-Za-z0-9#$&'*+/=^_`{|}~-]+(?:\.[A-Za-z0-9#$&'*+/=^_`{|}~-]+)*$/;
// Host names only: LDH labels, a top-level label that is alphabetic or an `xn--` A-label.
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * True for an address this service mails, an RFC 5321 mailbox: ASCII `local@domain`, at most 254
 * characters (the 256 of a path less its brackets), a local part of at most 64 (a Dot-string,
 * without `?`, `%` or `!`), a domain of at least two host-name labels. Internationalized
 * domains are accepted in their ASCII (`xn--`) form only; non-ASCII local parts (SMTPUTF8) are not.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_ADDRESS_MAX_LENGTH) return false;
  const at = text.lastIndexOf("@");
  if (at < 1) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split(".");
  if (local.length > 64 || !LOCAL.test(local)) return false;
  if (labels.length < 2 || text.length - at - 1 > 253) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(labels.at(-1) as string);
}

/**
 * An email address as `isEmailAddress` accepts it, trimmed, its domain lower-cased (the local
 * part is kept as given: only the receiving server may fold its case).
 */
export const EmailAddress = v.pipe(
  v.string("Must be a string"),
  v.trim(),
  v.maxLength(EMAIL_ADDRESS_MAX_LENGTH, `Must be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters long`),
  v.check(
    isEmailAddress,
    "Must be an email address like name@example.org (ASCII; an international domain in its xn-- form)",
  ),
  v.transform((text) => {
    const at = text.lastIndexOf("@");
    return `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
  }),
  v.metadata({ format: "email", maxLength: EMAIL_ADDRESS_MAX_LENGTH }),
);
export type EmailAddress = v.InferOutput<typeof EmailAddress>;

/**
 * The mailbox an address reaches, for counting confirmation mails per address: lower-cased, and
 * the sub-address cut from the local part (`Ann+tenders@Example.org` → `ann@example.org`), so
 * `a+1@…`, `a+2@…` and `A@…` share one allowance. Only the count uses it: the address stored and
 * mailed stays as written.
 */
export function emailRateLimitKey(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus === -1 ? local : local.slice(0, plus)}${address.slice(at)}`.toLowerCase();
}
