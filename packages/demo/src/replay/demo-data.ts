import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { FIXTURES_DIR } from "../repo-paths.js";

/** A JSON object as parsed from a recorded page. */
export type JsonObject = Record<string, unknown>;

/** A document the replay server can serve, by the public URL the recorded pages link it under. */
export interface DemoDocument {
  bytes: Buffer;
  contentType: string;
}

/** What the demo's replay server serves; see `packages/demo/fixtures/SOURCES.md`. */
export interface DemoData {
  /** `POST /v3/notices/search` pages, in serving order. */
  tedPages: JsonObject[];
  /** `GET /Published/Notices/OCDS/Search` pages, in serving order. */
  cfPages: JsonObject[];
  /** Keyed by public URL, e.g. `https://ted.europa.eu/it/notice/821126-2025/pdf`. */
  documents: Map<string, DemoDocument>;
}

/** TED pages: two real captures, then the page derived from the two real notice PDFs. */
export const TED_PAGE_FILES = [
  "ted/ted_v3_search_digital_competition_2026-05-30.json",
  "ted/ted_v3_search_it_software_sweden_2026-07-01.json",
  "ted/ted-demo-documents.json",
] as const;

/** Contracts Finder pages (real captures; the last one is quarantined by the ingest, on purpose). */
export const CF_PAGE_FILES = [
  "contracts_finder/cf_ocds_search_tender_limit2_2026-09-19.json",
  "contracts_finder/cf_ocds_search_tender_2026-08-19.json",
  "contracts_finder/cf_release_documents_attachments_trimmed_2026-09-19.json",
] as const;

/** The only real documents we have: the TED notice PDFs of 821062-2025 and 821126-2025. */
export const DOCUMENT_FILES = [
  {
    url: "https://ted.europa.eu/it/notice/821062-2025/pdf",
    file: "documents/ted_notice_821062-2025_it.pdf",
    contentType: "application/pdf",
  },
  {
    url: "https://ted.europa.eu/it/notice/821126-2025/pdf",
    file: "documents/ted_notice_821126-2025_it.pdf",
    contentType: "application/pdf",
  },
] as const;

async function readJson(dir: string, file: string): Promise<JsonObject> {
  const parsed: unknown = JSON.parse(await readFile(join(dir, file), "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} is not a JSON object`);
  }
  return parsed as JsonObject;
}

/** Reads the demo's pages and documents from `dir` (default: the package's fixtures). */
export async function loadDemoData(dir: string = FIXTURES_DIR): Promise<DemoData> {
  const [tedPages, cfPages, documents] = await Promise.all([
    Promise.all(TED_PAGE_FILES.map((file) => readJson(dir, file))),
    Promise.all(CF_PAGE_FILES.map((file) => readJson(dir, file))),
    Promise.all(
      DOCUMENT_FILES.map(
        async (d) =>
          [d.url, { bytes: await readFile(join(dir, d.file)), contentType: d.contentType }] as const,
      ),
    ),
  ]);
  return { tedPages, cfPages, documents: new Map(documents) };
}
