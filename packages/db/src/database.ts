import type { Kysely, Transaction } from "kysely";
import type { SavedSearchMatchesTable } from "./alerts/saved-search-matches.table.js";
import type { SavedSearchesTable } from "./alerts/saved-searches.table.js";
import type { WebhookDeliveriesTable } from "./alerts/webhook-deliveries.table.js";
import type { AwardsTable, AwardWinnersTable } from "./awards/awards.table.js";
import type { TenderFacetGroupsTable } from "./browse/tender-facet-groups.table.js";
import type { AttachmentsTable } from "./documents/attachments.table.js";
import type { ExtractionCacheTable } from "./documents/extraction-cache.table.js";
import type { ExtractionFailuresTable } from "./documents/extraction-failures.table.js";
import type { ChunksTable } from "./indexing/chunks.table.js";
import type { QuarantinedRecordsTable } from "./ingest/quarantined-records.table.js";
import type { SourcesTable } from "./ingest/sources.table.js";
import type { TendersTable } from "./ingest/tenders.table.js";
import type { ApiKeysTable } from "./keys/api-keys.table.js";
import type { EmailChannelsTable } from "./mail/email-channels.table.js";
import type { EmailConfirmationRequestsTable } from "./mail/email-confirmation-requests.table.js";
import type { EmailMessagesTable } from "./mail/email-messages.table.js";
import type { OrganisationNamesTable, OrganisationsTable } from "./organisations/organisations.table.js";
import type { OutboxTable } from "./outbox/outbox.table.js";
import type { ProcedureNoticeKeysTable, ProceduresTable } from "./procedures/procedures.table.js";

/** The whole schema as kysely sees it. */
export interface Database {
  sources: SourcesTable;
  tenders: TendersTable;
  tender_facet_groups: TenderFacetGroupsTable;
  procedures: ProceduresTable;
  procedure_notice_keys: ProcedureNoticeKeysTable;
  organisations: OrganisationsTable;
  organisation_names: OrganisationNamesTable;
  awards: AwardsTable;
  award_winners: AwardWinnersTable;
  attachments: AttachmentsTable;
  chunks: ChunksTable;
  api_keys: ApiKeysTable;
  outbox: OutboxTable;
  quarantined_records: QuarantinedRecordsTable;
  extraction_failures: ExtractionFailuresTable;
  extraction_cache: ExtractionCacheTable;
  saved_searches: SavedSearchesTable;
  saved_search_matches: SavedSearchMatchesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  email_channels: EmailChannelsTable;
  email_messages: EmailMessagesTable;
  email_confirmation_requests: EmailConfirmationRequestsTable;
}

/** A database handle or an open transaction: repositories accept either; the caller owns the transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
