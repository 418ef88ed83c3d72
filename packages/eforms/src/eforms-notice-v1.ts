import { DECIMAL_AMOUNT_PATTERN, NOTICE_KINDS, UTC_TIMESTAMP_PATTERN } from "@tender/contracts";
import * as v from "valibot";

const Text = v.pipe(v.string(), v.minLength(1));
const NullableText = v.nullable(Text);
const Day = v.nullable(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date, e.g. 2026-05-20")));
const Instant = v.nullable(v.pipe(v.string(), v.regex(new RegExp(UTC_TIMESTAMP_PATTERN))));

/** An amount as an exact decimal string (two fraction digits) and its ISO 4217 currency. */
export const EformsMoney = v.strictObject({
  amount: v.pipe(v.string(), v.regex(new RegExp(DECIMAL_AMOUNT_PATTERN))),
  currency: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
});
export type EformsMoney = v.InferOutput<typeof EformsMoney>;

/** Another notice named by this one: its identifier, version (`01`) and identifier scheme. */
export const EformsNoticeRef = v.strictObject({ id: Text, version: NullableText, scheme: NullableText });
export type EformsNoticeRef = v.InferOutput<typeof EformsNoticeRef>;

/** An organisation of the notice (`efac:Organization/efac:Company`). */
export const EformsOrganisation = v.strictObject({
  /** Its reference inside this notice, e.g. `ORG-0001`. */
  ref: Text,
  /** `organisationKey` of identifier, scheme, name and country; null when nothing identifies it. */
  key: NullableText,
  name: NullableText,
  /** `cac:PartyLegalEntity/cbc:CompanyID` as written. */
  identifier: NullableText,
  /** The CompanyID's `schemeName`, when given. */
  scheme: NullableText,
  /** ISO 3166-1 alpha-2 (eForms writes alpha-3: `MLT` → `MT`). */
  country: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
});
export type EformsOrganisation = v.InferOutput<typeof EformsOrganisation>;

/** A lot (`cac:ProcurementProjectLot` with a `Lot` id; groups of lots are left out). */
export const EformsLot = v.strictObject({
  id: Text,
  title: NullableText,
  /** Submission deadline (BT-131) as a UTC timestamp. */
  deadline: Instant,
  estimatedValue: v.nullable(EformsMoney),
  /** End of the planned contract period (BT-537). */
  contractEnd: Day,
  /** BT-765 as written (`ContractingSystemTypeCode` of list `framework-agreement`), e.g. `fa-w-rc`, `none`. */
  frameworkAgreement: NullableText,
  /** BT-766 as written (list `dps-usage`), e.g. `dps-list`, `none`. */
  dps: NullableText,
  /**
   * True: a framework agreement or dynamic purchasing system (its values are ceilings); false:
   * neither; null: the notice does not say (see `frameworkOf`).
   */
  framework: v.nullable(v.boolean()),
});
export type EformsLot = v.InferOutput<typeof EformsLot>;

export const AWARD_STATUSES = ["awarded", "not-awarded", "open"] as const;

/** The result of one lot (`efac:LotResult`): null wherever the notice does not say. */
export const EformsLotAward = v.strictObject({
  lotId: NullableText,
  resultId: NullableText,
  /** `selec-w` → awarded, `clos-nw` → not-awarded, `open-nw` → open (BT-142). */
  status: v.nullable(v.picklist(AWARD_STATUSES)),
  statusCode: NullableText,
  /** Members of the winning tendering parties, in notice order. */
  winners: v.array(EformsOrganisation),
  /** Sum of the winning tenders' values (BT-720), when they share one currency. */
  value: v.nullable(EformsMoney),
  /** Winner decision date (BT-1451), else the notice's award date. */
  decidedAt: Day,
  /** Contract conclusion date (BT-145): the earliest of the lot's settled contracts. */
  contractSignedAt: Day,
  contractEnd: Day,
  /** Its lot's `framework`: a framework agreement or dynamic purchasing system; null: not said. */
  framework: v.nullable(v.boolean()),
  /** Tenders received (BT-759 where BT-760 is `tenders`). */
  tendersReceived: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Why the lot was not awarded (BT-144), as a code such as `all-rej`. */
  notAwardedReason: NullableText,
  contractIds: v.array(Text),
});
export type EformsLotAward = v.InferOutput<typeof EformsLotAward>;

/** What a change notice says about itself (`efac:Changes`). */
export const EformsChange = v.strictObject({
  /** The notice and version it changes (BT-758), e.g. `{id: "a6e3de9d-…", version: "01"}`. */
  changedNotice: v.nullable(EformsNoticeRef),
  /** BT-140, e.g. `update-add`, `cor-buy`, `cancel`. */
  reasonCode: NullableText,
  reasonDescription: NullableText,
  /** BT-141: the buyer's words on what changed. */
  descriptions: v.array(Text),
  /** BT-13716: sections changed, e.g. `LOT-0001`. */
  changedSections: v.array(Text),
  /** BT-718: procurement documents changed. */
  documentsChanged: v.nullable(v.boolean()),
});
export type EformsChange = v.InferOutput<typeof EformsChange>;

/** A contract modification (`efac:ContractModification`, notice type can-modif). */
export const EformsModification = v.strictObject({
  changedNotice: v.nullable(EformsNoticeRef),
  /** BT-1501: the settled contract it modifies, e.g. `CON-0001`. */
  contractId: NullableText,
  descriptions: v.array(Text),
  reasonCode: NullableText,
  reasonDescription: NullableText,
  /** The modified contract's value after the modification (its tenders' BT-720). */
  newValue: v.nullable(EformsMoney),
});
export type EformsModification = v.InferOutput<typeof EformsModification>;

/** A notice's results (`efac:NoticeResult`). */
export const EformsResult = v.strictObject({
  /** BT-161, the notice's total awarded value. */
  totalValue: v.nullable(EformsMoney),
  awards: v.array(EformsLotAward),
});
export type EformsResult = v.InferOutput<typeof EformsResult>;

/** The bounded summary of one eForms notice; see the package README for every field's source. */
export const EformsNoticeV1 = v.strictObject({
  /** The notice's own identifier (BT-701) and version (BT-757). */
  noticeId: NullableText,
  version: NullableText,
  /** The TED publication number (OPP-010) without leading zeros, e.g. `380868-2026`. */
  publicationNumber: NullableText,
  /** `NoticeTypeCode` (BT-02), e.g. `cn-standard`, and its list (the form type), e.g. `competition`. */
  noticeType: NullableText,
  formType: NullableText,
  /** Notice subtype (OPP-070), e.g. `16`. */
  subtype: NullableText,
  kind: v.nullable(v.picklist(NOTICE_KINDS)),
  /** The procedure identifier (BT-04, `ContractFolderID`). */
  procedureId: NullableText,
  issuedAt: Instant,
  language: NullableText,
  title: NullableText,
  /** The earliest lot submission deadline. */
  deadline: Instant,
  estimatedValue: v.nullable(EformsMoney),
  /** Links to the procurement documents (BT-15), distinct, in notice order. */
  documents: v.array(Text),
  buyers: v.array(EformsOrganisation),
  lots: v.array(EformsLot),
  /** The earlier notice this one follows (OPP-090), e.g. an award naming the call for competition. */
  previousNotice: v.nullable(EformsNoticeRef),
  change: v.nullable(EformsChange),
  result: v.nullable(EformsResult),
  modification: v.nullable(EformsModification),
  /** True when a limit cut something (lots, winners, long texts); `truncation` says what. */
  truncated: v.boolean(),
  truncation: v.array(Text),
  /** Values present but unreadable (an amount that is no decimal, a date that is no date). */
  problems: v.array(Text),
});
export type EformsNoticeV1 = v.InferOutput<typeof EformsNoticeV1>;
