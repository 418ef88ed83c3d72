// Generated from the source registry (@tender/sources) by `pnpm sources`; do not edit. A test fails when it differs.

/** Each source's code → the name people know it by, in the registry's order. */
export const SOURCE_LABELS = {
  ted: "TED (EU)",
  contracts_finder: "Contracts Finder (UK)",
  find_a_tender: "Find a Tender (UK)",
} as const;

/** Each source's code → the hosts its documents are downloaded from by default (a name allows its subdomains). */
export const SOURCE_DOCUMENT_HOSTS: { readonly [code in keyof typeof SOURCE_LABELS]: readonly string[] } = {
  ted: ["ted.europa.eu"],
  contracts_finder: ["contractsfinder.service.gov.uk"],
  find_a_tender: ["find-tender.service.gov.uk"],
};
