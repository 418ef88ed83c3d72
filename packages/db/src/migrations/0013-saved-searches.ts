import { type Kysely, sql } from "kysely";

/**
 * Saved searches and their matches (docs/api.md#saved-searches). A saved search belongs to one API key and
 * goes with it. The query is kept with its vector and the model that made it, so the notifier
 * can tell a vector of another model and re-embed it. The webhook secret is stored sealed
 * (AES-256-GCM under the operator's WEBHOOK_SECRET_KEY, see `sealWebhookSecret`): a copy of the
 * database alone does not reveal it. The feed token is stored as its SHA-256 only.
 * A match holds what the alert shows (score, snippet, attachment) as it was when it matched:
 * the chunks it came from are replaced on every re-index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saved_searches (
      id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      api_key_id       uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
      name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      query            text NOT NULL CHECK (char_length(query) BETWEEN 1 AND 1000),
      query_embedding  vector(1024),
      embedding_model  text NOT NULL CHECK (char_length(embedding_model) BETWEEN 1 AND 200),
      filters          jsonb NOT NULL DEFAULT '{}'
                       CHECK (jsonb_typeof(filters) = 'object' AND octet_length(filters::text) <= 65536),
      min_score        double precision NOT NULL CHECK (min_score BETWEEN -1 AND 1),
      webhook_url      text CHECK (char_length(webhook_url) BETWEEN 1 AND 2048),
      webhook_secret   text CHECK (char_length(webhook_secret) <= 512),
      feed_token_hash  text NOT NULL UNIQUE CHECK (feed_token_hash ~ '^[0-9a-f]{64}$'),
      created_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT saved_searches_webhook_has_secret CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX saved_searches_api_key_idx ON saved_searches (api_key_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE TABLE saved_search_matches (
      id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      saved_search_id      uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      tender_id            uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
      content_hash         text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
      score                double precision NOT NULL CHECK (score BETWEEN -1 AND 1),
      snippet              text NOT NULL CHECK (char_length(snippet) >= 1),
      attachment_id        uuid REFERENCES attachments (id) ON DELETE SET NULL,
      attachment_filename  text CHECK (char_length(attachment_filename) BETWEEN 1 AND 255),
      matched_at           timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT saved_search_matches_once UNIQUE (saved_search_id, tender_id, content_hash)
    )`.execute(db);
  await sql`
    CREATE INDEX saved_search_matches_newest_idx
      ON saved_search_matches (saved_search_id, matched_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX saved_search_matches_tender_idx ON saved_search_matches (tender_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS saved_search_matches`.execute(db);
  await sql`DROP TABLE IF EXISTS saved_searches`.execute(db);
}
