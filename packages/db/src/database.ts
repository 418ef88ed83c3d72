import type { Kysely, Transaction } from "kysely";
import type { ApiKeysTable } from "./tables/api-keys.table.js";
import type { AttachmentsTable } from "./tables/attachments.table.js";
import type { AwardsTable, AwardWinnersTable } from "./tables/awards.table.js";
import type { ChunksTable } from "./tables/chunks.table.js";
import type { EmailChannelsTable } from "./tables/email-channels.table.js";
import type { EmailConfirmationRequestsTable } from "./tables/email-confirmation-requests.table.js";
import type { EmailMessagesTable } from "./tables/email-messages.table.js";
import type { ExtractionCacheTable } from "./tables/extraction-cache.table.js";
import type { ExtractionFailuresTable } from "./tables/extraction-failures.table.js";
import type { OrganisationNamesTable, OrganisationsTable } from "./tables/organisations.table.js";
import type { OutboxTable } from "./tables/outbox.table.js";
import type { ProcedureNoticeKeysTable, ProceduresTable } from "./tables/procedures.table.js";
import type { QuarantinedRecordsTable } from "./tables/quarantined-records.table.js";
import type { SavedSearchMatchesTable } from "./tables/saved-search-matches.table.js";
import type { SavedSearchesTable } from "./tables/saved-searches.table.js";
import type { SourcesTable } from "./tables/sources.table.js";
import type { TenderFacetGroupsTable } from "./tables/tender-facet-groups.table.js";
import type { TendersTable } from "./tables/tenders.table.js";
import type { WebhookDeliveriesTable } from "./tables/webhook-deliveries.table.js";

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
