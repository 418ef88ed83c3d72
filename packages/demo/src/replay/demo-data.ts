import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseJsonLenient } from "@tender/ingest";
import { TED_FIXTURES, tedFixturePath } from "@tender/source-ted/fixtures";
import { SOURCES } from "@tender/sources";
import { FIXTURES_DIR } from "../repo-paths.js";
import { DEMO_PROCEDURE } from "./demo-procedure.js";

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
  /** Every registered source with recorded OCDS pages (Contracts Finder, Find a Tender...). */
  ocdsSources: DemoOcdsSource[];
  /** Keyed by public URL, e.g. `https://ted.europa.eu/it/notice/821126-2025/pdf`. */
  documents: Map<string, DemoDocument>;
}

/** One OCDS source's recorded release packages, served at `GET path` chained by `links.next`. */
export interface DemoOcdsSource {
  /** Its source code, e.g. `contracts_finder`. */
  code: string;
  /** e.g. `/Published/Notices/OCDS/Search`. */
  path: string;
  /** In serving order. */
  pages: JsonObject[];
  /**
   * Pages held back: each is served after `pages` once published (`DemoReplayServer.publishNext`),
   * in this order. The demo procedure's later notices (`DEMO_PROCEDURE`).
   */
  held: JsonObject[];
}

// The recorded pages and PDFs are the source packages' fixtures (one copy in the repository);
// only the derived TED page and the demo procedure's derived releases (demo-procedure.ts) are the demo's own.

/** TED pages (absolute paths): two real captures, then the page derived from the two real notice PDFs. */
export const TED_PAGE_FILES = [
  tedFixturePath(TED_FIXTURES.digitalCompetitionPage),
  tedFixturePath(TED_FIXTURES.itSoftwareSwedenPage),
  join(FIXTURES_DIR, "ted-demo-documents.json"),
] as const;

/** The only real documents we have: the TED notice PDFs of 821062-2025 and 821126-2025 (absolute paths). */
export const DOCUMENT_FILES = [
  {
    url: "https://ted.europa.eu/it/notice/821062-2025/pdf",
    file: tedFixturePath(TED_FIXTURES.noticePdf821062),
    contentType: "application/pdf",
  },
  {
    url: "https://ted.europa.eu/it/notice/821126-2025/pdf",
    file: tedFixturePath(TED_FIXTURES.noticePdf821126),
    contentType: "application/pdf",
  },
] as const;

async function readJson(file: string): Promise<JsonObject> {
  // Lenient as the ingest's client: the Find a Tender capture holds bare Infinity literals.
  const parsed: unknown = parseJsonLenient(await readFile(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} is not a JSON object`);
  }
  return parsed as JsonObject;
}

/** Reads the demo's pages and documents. */
export async function loadDemoData(): Promise<DemoData> {
  const [tedPages, ocdsSources, documents] = await Promise.all([
    Promise.all(TED_PAGE_FILES.map(readJson)),
    // Each OCDS source's own recorded pages, as its definition lists them.
    Promise.all(
      SOURCES.flatMap(({ code, recordedOcdsPages: recorded }) =>
        recorded
          ? [
              Promise.all([
                Promise.all(recorded.files.map(readJson)),
                // The demo procedure's call comes with its source's recorded pages, its later notices held.
                Promise.all(code === DEMO_PROCEDURE.source ? [readJson(DEMO_PROCEDURE.call.file)] : []),
                Promise.all(
                  code === DEMO_PROCEDURE.source ? DEMO_PROCEDURE.later.map((s) => readJson(s.file)) : [],
                ),
              ]).then(([pages, call, held]) => ({
                code,
                path: recorded.path,
                pages: [...pages, ...call],
                held,
              })),
            ]
          : [],
      ),
    ),
    Promise.all(
      DOCUMENT_FILES.map(
        async (d) => [d.url, { bytes: await readFile(d.file), contentType: d.contentType }] as const,
      ),
    ),
  ]);
  return { tedPages, ocdsSources, documents: new Map(documents) };
}
