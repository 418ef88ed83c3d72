import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EmailAddress, emailRateLimitKey, isEmailAddress } from "./email-address.js";

// RFC 5322 atext without `?` (refused for encoded words), `%` and `!` (relay routes).
const ATEXT = "abcxyzABCXYZ0189#$&'*/=^_`{|}~-";
const atom = fc.string({ unit: fc.constantFrom(...ATEXT.split("")), minLength: 1, maxLength: 6 });
const local = fc.array(atom, { minLength: 1, maxLength: 3 }).map((atoms) => atoms.join("."));
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([labels, top]) => [...labels, top].join("."));
const recase = (text: string, flips: boolean[]) =>
  [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c.toLowerCase())).join("");

describe("email addresses are RFC 5321 mailboxes (issue 32, finding 11)", () => {
  it("refuses the percent hack and bang paths, which route mail on to another host", () => {
    expect(isEmailAddress("rt%evil.example@x.example")).toBe(false);
    expect(isEmailAddress("evil.example!rt@x.example")).toBe(false);
    fc.assert(
      fc.property(local, local, domain, fc.constantFrom("%", "!"), (before, after, host, route) => {
        expect(isEmailAddress(`${before}${route}${after}@${host}`)).toBe(false);
        expect(isEmailAddress(`${before}@${host}`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a source route, a second @ and a quoted local part", () => {
    fc.assert(
      fc.property(local, domain, domain, (name, host, relay) => {
        for (const text of [`@${relay}:${name}@${host}`, `${name}@${relay}@${host}`, `"${name}"@${host}`]) {
          expect(isEmailAddress(text), text).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("emailRateLimitKey folds a mailbox's spellings for the hourly limit only", () => {
  it("gives every sub-address and case of one mailbox the same key; the address stays as written", () => {
    fc.assert(
      fc.property(
        local.filter((name) => !name.includes("+")),
        domain,
        fc.array(fc.option(atom), { minLength: 2, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        (name, host, tags, flips) => {
          const spellings = tags.map((tag, i) =>
            recase(`${name}${tag === null ? "" : `+${tag}`}@${host}`, i % 2 === 0 ? flips : [false]),
          );
          const keys = spellings.map(emailRateLimitKey);
          expect(new Set(keys)).toEqual(new Set([`${name}@${host}`.toLowerCase()]));
          for (const spelling of spellings) {
            expect(isEmailAddress(spelling)).toBe(true);
            const at = spelling.lastIndexOf("@");
            expect(v.parse(EmailAddress, spelling)).toBe(
              `${spelling.slice(0, at)}${spelling.slice(at).toLowerCase()}`,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps different mailboxes apart", () => {
    fc.assert(
      fc.property(local, local, domain, (a, b, host) => {
        fc.pre(a.split("+")[0]?.toLowerCase() !== b.split("+")[0]?.toLowerCase());
        expect(emailRateLimitKey(`${a}@${host}`)).not.toBe(emailRateLimitKey(`${b}@${host}`));
      }),
      { numRuns: 200 },
    );
  });
});
