import { type Kysely, sql } from "kysely";

/**
 * Awards and organisations (docs/records.md#awards-and-organisations).
 *
 * - `organisations`: one row per organisation key (`organisationKey` of `@tender/organisations`:
 *   registered identifier and scheme when a notice gives one, else the normalised name and
 *   country). `name` is the spelling shown; every spelling seen is a row of `organisation_names`.
 *   `is_buyer` / `is_supplier` say in which roles it has appeared.
 * - `awards`: the award of one lot of a result notice, in notice order (`position`); any fact the
 *   notice does not state is null. Amounts are exact decimals, as `tenders.amount`.
 * - `award_winners`: the winners of an award as the notice writes them, each linked to its
 *   organisation (null only when nothing identifies it).
 * - `tenders.buyer_organisation_id`: the buyer's organisation; `tenders.awards_unreadable`: why a
 *   result notice's awards could not be read (null when they were, or when it has none to read).
 *
 * Organisation pages read awards through `award_winners_organisation_idx` and
 * `awards_buyer_idx`, never by scanning awards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organisations (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      org_key     text NOT NULL CONSTRAINT organisations_org_key UNIQUE
                    CHECK (length(org_key) BETWEEN 1 AND 1200),
      name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 1000),
      country     text CHECK (country ~ '^[A-Z]{2}$'),
      identifier  text CHECK (length(identifier) BETWEEN 1 AND 200),
      scheme      text CHECK (length(scheme) BETWEEN 1 AND 64),
      is_buyer    boolean NOT NULL DEFAULT false,
      is_supplier boolean NOT NULL DEFAULT false,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE organisation_names (
      organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 1000),
      first_seen_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organisation_id, name)
    )`.execute(db);
  await sql`
    CREATE TABLE awards (
      id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tender_id          uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
      position           integer NOT NULL CHECK (position >= 0),
      lot                text CHECK (length(btrim(lot)) BETWEEN 1 AND 200),
      status             text CHECK (status IN ('awarded', 'not-awarded', 'open')),
      value              numeric(20, 2) CHECK (value >= 0),
      currency           text CHECK (currency ~ '^[A-Z]{3}$'),
      decided_at         date,
      contract_signed_at date,
      contract_end       date,
      tenders_received   integer CHECK (tenders_received >= 0),
      buyer_organisation_id uuid REFERENCES organisations (id) ON DELETE SET NULL,
      CONSTRAINT awards_tender_position UNIQUE (tender_id, position)
    )`.execute(db);
  await sql`CREATE INDEX awards_buyer_idx ON awards (buyer_organisation_id)`.execute(db);
  await sql`CREATE INDEX awards_contract_end_idx ON awards (contract_end) WHERE contract_end IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE award_winners (
      award_id        uuid NOT NULL REFERENCES awards (id) ON DELETE CASCADE,
      position        integer NOT NULL CHECK (position >= 0),
      organisation_id uuid REFERENCES organisations (id) ON DELETE SET NULL,
      name            text CHECK (length(btrim(name)) BETWEEN 1 AND 1000),
      identifier      text CHECK (length(identifier) BETWEEN 1 AND 200),
      scheme          text CHECK (length(scheme) BETWEEN 1 AND 64),
      country         text CHECK (country ~ '^[A-Z]{2}$'),
      PRIMARY KEY (award_id, position)
    )`.execute(db);
  await sql`CREATE INDEX award_winners_organisation_idx ON award_winners (organisation_id)`.execute(db);
  await sql`
    ALTER TABLE tenders
      ADD COLUMN buyer_organisation_id uuid REFERENCES organisations (id) ON DELETE SET NULL,
      ADD COLUMN awards_unreadable text CHECK (length(awards_unreadable) BETWEEN 1 AND 1000)`.execute(db);
  await sql`CREATE INDEX tenders_buyer_organisation_idx ON tenders (buyer_organisation_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenders DROP COLUMN awards_unreadable, DROP COLUMN buyer_organisation_id`.execute(db);
  await sql`DROP TABLE award_winners`.execute(db);
  await sql`DROP TABLE awards`.execute(db);
  await sql`DROP TABLE organisation_names`.execute(db);
  await sql`DROP TABLE organisations`.execute(db);
}
