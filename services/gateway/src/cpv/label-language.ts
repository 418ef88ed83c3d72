import { LabelLanguage, toValidationIssues } from "@tender/contracts";
import { type CpvLanguage, cpvLanguage } from "@tender/cpv";
import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env.js";
import { ApiError } from "../errors/api-error.js";

/** The query parameter choosing the language of CPV labels; the routes' strict parsers leave it to {@link labelLanguage}. */
export const LANG_PARAMETER = "lang";

/** The language labels are given in: its ISO 639-1 code (`Content-Language`) and the vocabulary's. */
export interface LabelLanguageChoice {
  tag: LabelLanguage;
  cpv: CpvLanguage;
}

const ENGLISH: LabelLanguageChoice = { tag: "en", cpv: "eng" };
// Far more than a browser sends; the rest of a longer header is not read.
const MAX_ACCEPTED_RANGES = 20;

/**
 * The languages of an `Accept-Language` header that CPV labels exist in, best first: by `q`
 * (1 when absent; `q=0` means "not this one"), then by order. `*` and unknown languages are skipped.
 */
export function acceptedLabelLanguages(header: string | undefined): LabelLanguageChoice[] {
  if (header === undefined) return [];
  const ranges = header
    .split(",")
    .slice(0, MAX_ACCEPTED_RANGES)
    .map((part, order) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { range: range.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.q > 0 && r.range !== "" && r.range !== "*")
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const chosen: LabelLanguageChoice[] = [];
  for (const { range } of ranges) {
    const cpv = cpvLanguage(range);
    const tag = range.toLowerCase().split(/[-_]/)[0];
    if (cpv !== null && v.is(LabelLanguage, tag) && !chosen.some((c) => c.cpv === cpv))
      chosen.push({ tag, cpv });
  }
  return chosen;
}

/**
 * The language of the labels (docs/api.md#cpv-labels): `lang` when given (one of the 24 two-letter
 * codes, else `validation_error`), else the first `Accept-Language` the vocabulary has, else English.
 */
export function chooseLabelLanguage(
  search: URLSearchParams,
  acceptLanguage: string | undefined,
): LabelLanguageChoice {
  const given = search.getAll(LANG_PARAMETER);
  if (given.length > 1) throw invalid([{ path: `/${LANG_PARAMETER}`, message: "Must be given once" }]);
  if (given.length === 1) {
    const parsed = v.safeParse(LabelLanguage, given[0]);
    if (!parsed.success) {
      throw invalid(
        toValidationIssues(parsed.issues).map((issue) => ({ ...issue, path: `/${LANG_PARAMETER}` })),
      );
    }
    return { tag: parsed.output, cpv: cpvLanguage(parsed.output) ?? "eng" };
  }
  return acceptedLabelLanguages(acceptLanguage)[0] ?? ENGLISH;
}

function invalid(details: unknown): ApiError {
  return new ApiError("validation_error", "The query parameters are not valid; see details.", { details });
}

/**
 * Middleware: the labels' language as `labelLanguage` (a bad `lang` is a `validation_error` before
 * the rate limit counts the request); the answer says it in `Content-Language`, and `Vary:
 * Accept-Language` tells caches that it depends on that header.
 */
export function labelLanguage(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const choice = chooseLabelLanguage(new URL(c.req.url).searchParams, c.req.header("accept-language"));
    c.set("labelLanguage", choice);
    await next();
    c.res.headers.set("Content-Language", choice.tag);
    c.res.headers.append("Vary", "Accept-Language");
  };
}
