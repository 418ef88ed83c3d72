import { contentHash } from "@tender/contracts";
import { type Kysely, sql } from "kysely";

const BATCH = 500;

/**
 * OCDS records are notices of their own (docs/records.md#procedures): a stored OCDS release is
 * renamed from its `ocid` (the old identity, which every release of a procedure overwrote) to its
 * release `id`, read from `raw_payload`. A row is an OCDS release stored under the old identity
 * when its payload's `ocid` is its `external_id` and its payload has a string `id`: no source
 * code is named, TED payloads have neither. A row is left as it is when its release id is blank,
 * over 512 characters or holds a control character (the mapper quarantines such a release now),
 * when another row of its source holds that id already, or when two rows of one source would get
 * the same id (two ocids publishing one release id): the unique key is never broken, and the next
 * sync stores such a release under its id beside the kept row.
 *
 * The content hash covers `external_id`: each renamed row gets the hash of its stored fields and
 * attachments (as a download recomputes it), and its search chunks, its `indexed_hash` and its
 * saved-search matches that carried the old hash carry the new one, since nothing a person sees
 * changed. So the next sync that serves the same release finds it unchanged (no event, no
 * reindexing, no second alert), unless the mapping now reads it differently (a release whose
 * `date` differs from its `tender.datePublished` is now dated by `date`): then it is changed once.
 * The releases of a procedure that the old identity overwrote are not in the payloads; they come
 * back as notices of their own when a sync serves them again. Run `tender remap` afterwards (as
 * after 0022) to place the renamed notices in their procedures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, "ocid", "id");
}

/** Renames OCDS rows stored under their release id back to their `ocid`, with the same guards. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, "id", "ocid");
}

async function rename(db: Kysely<unknown>, from: "ocid" | "id", to: "ocid" | "id"): Promise<void> {
  const renamed = await sql<{ id: string }>`
    WITH candidates AS (
      SELECT t.id, t.source_id, btrim(t.raw_payload ->> ${to}) AS new_id
      FROM tenders t
      WHERE jsonb_typeof(t.raw_payload -> 'ocid') = 'string'
        AND jsonb_typeof(t.raw_payload -> 'id') = 'string'
        AND t.external_id = btrim(t.raw_payload ->> ${from})
    ),
    usable AS (
      SELECT c.* FROM candidates c
      WHERE length(c.new_id) BETWEEN 1 AND 512
        AND c.new_id !~ '[\\u0001-\\u001f\\u007f-\\u009f]'
        AND NOT EXISTS (
          SELECT 1 FROM tenders o WHERE o.source_id = c.source_id AND o.external_id = c.new_id)
        AND NOT EXISTS (
          SELECT 1 FROM candidates o
          WHERE o.source_id = c.source_id AND o.new_id = c.new_id AND o.id <> c.id)
    )
    UPDATE tenders t SET external_id = u.new_id FROM usable u WHERE t.id = u.id
    RETURNING t.id`.execute(db);
  const ids = renamed.rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += BATCH) await rehash(db, ids.slice(i, i + BATCH));
}

interface HashRow {
  id: string;
  source: string;
  external_id: string;
  title: string;
  description: string | null;
  buyer_name: string;
  amount: string | null;
  currency: string | null;
  published_at: Date;
  deadline: Date | null;
  source_url: string;
  content_hash: string;
  attachments: {
    source_url: string;
    filename: string;
    title: string | null;
    content_type: string | null;
    sha256: string | null;
  }[];
}

/**
 * The content hash of each tender from its stored fields and non-skipped attachments (`sha256`
 * only when `ready`), as `loadContentHashInput` reads it; the old hash replaced everywhere it
 * stood for this tender's content.
 */
async function rehash(db: Kysely<unknown>, ids: string[]): Promise<void> {
  const rows = await sql<HashRow>`
    SELECT t.id, s.code AS source, t.external_id, t.title, t.description, t.buyer_name,
           t.amount::text AS amount, t.currency, t.published_at, t.deadline, t.source_url, t.content_hash,
           coalesce((
             SELECT jsonb_agg(jsonb_build_object(
               'source_url', a.source_url, 'filename', a.filename, 'title', a.title,
               'content_type', a.content_type,
               'sha256', CASE WHEN a.download_status = 'ready' THEN a.sha256 END))
             FROM attachments a WHERE a.tender_id = t.id AND a.download_status <> 'skipped'
           ), '[]') AS attachments
    FROM tenders t JOIN sources s ON s.id = t.source_id
    WHERE t.id = ANY(${ids}::uuid[])`.execute(db);
  const old = rows.rows.map((r) => r.content_hash);
  const fresh = rows.rows.map(({ id: _id, content_hash: _hash, ...input }) => contentHash(input));
  const tenderIds = rows.rows.map((r) => r.id);
  await sql`
    WITH h AS (SELECT * FROM unnest(${tenderIds}::uuid[], ${old}::text[], ${fresh}::text[]) AS h(id, old, new))
    UPDATE tenders t SET content_hash = h.new,
      indexed_hash = CASE WHEN t.indexed_hash = h.old THEN h.new ELSE t.indexed_hash END
    FROM h WHERE t.id = h.id`.execute(db);
  await sql`
    WITH h AS (SELECT * FROM unnest(${tenderIds}::uuid[], ${old}::text[], ${fresh}::text[]) AS h(id, old, new))
    UPDATE chunks c SET content_hash = h.new FROM h WHERE c.tender_id = h.id AND c.content_hash = h.old`.execute(
    db,
  );
  await sql`
    WITH h AS (SELECT * FROM unnest(${tenderIds}::uuid[], ${old}::text[], ${fresh}::text[]) AS h(id, old, new))
    UPDATE saved_search_matches m SET content_hash = h.new
    FROM h WHERE m.tender_id = h.id AND m.content_hash = h.old`.execute(db);
}
