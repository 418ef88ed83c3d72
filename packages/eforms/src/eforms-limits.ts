import { RECORD_LIMITS } from "@tender/contracts";

/** Bounds on what `parseEformsNotice` reads and keeps; every one refuses or cuts with a reason. */
export interface EformsLimits {
  /** Largest notice read, in UTF-8 bytes; a bigger one is refused before parsing. */
  maxBytes: number;
  /** Deepest element nesting read; eForms notices nest about 15 levels. */
  maxDepth: number;
  /**
   * Most elements (start tags) read. A real notice has hundreds (the maximal example 2,500); 10 MB
   * of real notice is about 250,000. Bounds the parse's time and memory when elements are tiny.
   */
  maxElements: number;
  /** Most attributes on one element; real notices have at most 9 (the root's namespaces). */
  maxAttributesPerElement: number;
  /** Most attributes in the notice; real notices have about one per three elements. */
  maxAttributes: number;
  /**
   * Most entity and character references (`&amp;`, `&#233;`) in text and attribute values; real
   * notices have a few (none in the fixtures). Each becomes work when the text is decoded.
   */
  maxEntityReferences: number;
  /**
   * Most lots (`ProcurementProjectLot`) or lot results (`LotResult`) given; more of either is
   * refused. Up to this, `maxLots` of each are read and the rest cut.
   */
  maxLotsGiven: number;
  /** Lots and lot results kept; the rest are dropped and the summary says `truncated`. */
  maxLots: number;
  /** Winners kept per lot, members per tendering party, buyers per notice. */
  maxOrganisations: number;
  /** Documents (links) and changed sections kept per notice. */
  maxListItems: number;
  /** Longest organisation name kept, in characters (the record limit for a buyer's name). */
  maxNameLength: number;
  /** Longest title or description kept, in characters (the record limit for a title). */
  maxTextLength: number;
  /** Longest identifier kept, in characters (the record limit for an external id). */
  maxIdLength: number;
}

/**
 * The defaults: a 10 MB notice, 100 levels, 250,000 elements, 50 attributes on an element and
 * 100,000 in all, 100,000 references, 10,000 lots or lot results given (500 of each read), 100
 * winners per lot.
 */
export const EFORMS_LIMITS: Readonly<EformsLimits> = Object.freeze({
  maxBytes: 10_000_000,
  maxDepth: 100,
  maxElements: 250_000,
  maxAttributesPerElement: 50,
  maxAttributes: 100_000,
  maxEntityReferences: 100_000,
  maxLotsGiven: 10_000,
  maxLots: 500,
  maxOrganisations: 100,
  maxListItems: 100,
  maxNameLength: RECORD_LIMITS.buyerName,
  maxTextLength: RECORD_LIMITS.title,
  maxIdLength: RECORD_LIMITS.externalId,
});
