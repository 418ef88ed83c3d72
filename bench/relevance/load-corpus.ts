// The relevance corpus (data/SOURCES.md) as TED notices: one loader, shared by every benchmark that
// needs real notices (relevance, similar contracts). Each corpus line becomes what the TED Search
// API v3 returns for that notice, then the `TenderRecordV1` that `@tender/source-ted` maps it to, so
// `tender ingest` stores it exactly as a sync would (facets, kind and procedure from the payload).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { cpvLanguage } from "../../packages/cpv/dist/index.js";
import { tedNoticeToTenderRecord } from "../../packages/source-ted/dist/index.js";

/** One line of `data/ted-notices-2016-2022.jsonl.gz`, as SOURCES.md describes it. */
export interface CorpusNotice {
  /** TED publication number, e.g. `000002-2019`: the tender's `external_id`. */
  id: string;
  /** The notice's original language, ISO 639-1 upper case (`FR`). */
  language: string;
  /** TED document type code (`3` contract notice, `7` award, `V` voluntary ex-ante, …). */
  document_type: string;
  /** Buyer country, ISO alpha-2; null once. */
  country: string | null;
  form: string;
  buyer: string;
  title: string;
  description: string | null;
  cpv_main: string;
  cpv_lots: string[];
  lots: { title: string | null; description: string | null }[];
  source_path: string;
}

/** The corpus file of this folder. */
export const CORPUS_PATH = new URL("./data/ted-notices-2016-2022.jsonl.gz", import.meta.url);

/** Reads a gzipped JSON Lines file into its objects, in file order. */
export function readJsonLinesGz<T>(path: URL | string): T[] {
  return gunzipSync(readFileSync(path))
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/** Every corpus notice, in file order (3,067). */
export function loadCorpus(path: URL | string = CORPUS_PATH): CorpusNotice[] {
  return readJsonLinesGz<CorpusNotice>(path);
}

// TED document type (and, where a type spans several, the form) as the v3 API's `notice-type` and
// `form-type`, from which `tedNoticeProcedure` derives the notice's kind.
const SOCIAL_FORMS = new Set(["F21_2014", "F22_2014", "F23_2014"]);
function tedNoticeType(notice: CorpusNotice): { notice: string; form: string } {
  const social = SOCIAL_FORMS.has(notice.form);
  switch (notice.document_type) {
    case "3":
    case "Y":
      return { notice: social ? "cn-social" : "cn-standard", form: "competition" };
    case "7":
    case "J":
      return { notice: social ? "can-social" : "can-standard", form: "result" };
    case "V":
      return { notice: "veat", form: "dir-awa-pre" };
    case "0":
    case "P":
      return { notice: "pin-only", form: "planning" };
    case "A":
    case "M":
      return { notice: social ? "pin-cfc-social" : "pin-cfc-standard", form: "competition" };
    case "K":
      return { notice: "can-modif", form: "cont-modif" };
    case "D":
      return { notice: "cn-desg", form: "competition" };
    case "R":
      return { notice: "can-desg", form: "result" };
    case "B":
      return { notice: "pin-buyer", form: "planning" };
    case "2":
      return { notice: "corr", form: "change" };
    default:
      // H, C (concession notices), O, Q (qualification systems): calls for competition.
      return { notice: "cn-standard", form: "competition" };
  }
}

/** The language map key TED uses for the notice's language (`FRA`). */
function tedLanguageKey(language: string): string {
  return (cpvLanguage(language) ?? language).toUpperCase();
}

const present = (text: string | null | undefined): text is string => typeof text === "string" && text !== "";

/**
 * The notice as a TED Search API v3 result: `notice-title`, `buyer-name`, `description-lot` (the
 * short description, then each lot's), `title-lot`, `classification-cpv` (main code first, then the
 * lots'), `main-classification-proc`, `buyer-country`, `notice-type`, `form-type`, a publication
 * date (1 January of the number's year: the corpus keeps no date) and the notice's page on TED.
 * No `links.pdf`: the benchmark indexes the notices' own text, without downloads.
 */
export function corpusNoticeToTedNotice(notice: CorpusNotice): Record<string, unknown> {
  const lang = tedLanguageKey(notice.language);
  const year = notice.id.split("-")[1] ?? "2020";
  const types = tedNoticeType(notice);
  const descriptions = [notice.description, ...notice.lots.map((lot) => lot.description)].filter(present);
  const lotTitles = notice.lots.map((lot) => lot.title).filter(present);
  return {
    "publication-number": notice.id,
    "notice-type": types.notice,
    "form-type": types.form,
    "notice-title": { [lang]: notice.title },
    "buyer-name": { [lang]: [notice.buyer] },
    ...(notice.country === null ? {} : { "buyer-country": [notice.country] }),
    ...(descriptions.length > 0 ? { "description-lot": { [lang]: descriptions } } : {}),
    ...(lotTitles.length > 0 ? { "title-lot": { [lang]: lotTitles } } : {}),
    "classification-cpv": [...new Set([notice.cpv_main, ...notice.cpv_lots])],
    "main-classification-proc": [notice.cpv_main],
    "publication-date": `${year}-01-01+01:00`,
    links: { html: { [lang]: `https://ted.europa.eu/en/notice/-/detail/${notice.id}` } },
  };
}

/** The `TenderRecordV1` that `@tender/source-ted` maps the notice to (what `tender ingest` reads). */
export function corpusTenderRecord(notice: CorpusNotice): Record<string, unknown> {
  const result = tedNoticeToTenderRecord(corpusNoticeToTedNotice(notice));
  if (!result.ok) throw new Error(`corpus notice ${notice.id}: ${result.reason}`);
  return result.record as unknown as Record<string, unknown>;
}
