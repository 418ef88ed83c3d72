import * as v from "valibot";

// Loose on purpose: OCDS releases carry many optional parts and extensions; unknown fields are
// kept (they end up in raw_payload). Only the parts the mapper reads are typed.
const Amount = v.union([v.number(), v.string()]);
const Text = v.nullish(v.string());

export const CfValue = v.looseObject({ amount: v.nullish(Amount), currency: Text });
export type CfValue = v.InferOutput<typeof CfValue>;

/** An OCDS document; Contracts Finder gives no title or file name, often no type or format. */
export const CfDocument = v.looseObject({
  id: v.nullish(v.union([v.string(), v.number()])),
  documentType: Text,
  title: Text,
  description: Text,
  url: Text,
  format: Text,
});
export type CfDocument = v.InferOutput<typeof CfDocument>;

/** The parts of an OCDS release (Contracts Finder or Find a Tender) that the mapper reads. */
export const CfRelease = v.looseObject({
  ocid: Text,
  id: Text,
  date: Text,
  tender: v.nullish(
    v.looseObject({
      title: Text,
      description: Text,
      datePublished: Text,
      value: v.nullish(CfValue),
      lots: v.nullish(v.array(v.looseObject({ value: v.nullish(CfValue) }))),
      tenderPeriod: v.nullish(v.looseObject({ endDate: Text })),
      documents: v.nullish(v.array(CfDocument)),
    }),
  ),
  buyer: v.nullish(v.looseObject({ name: Text })),
  parties: v.nullish(v.array(v.looseObject({ name: Text, roles: v.nullish(v.array(v.string())) }))),
});
export type CfRelease = v.InferOutput<typeof CfRelease>;

/** The release package around the releases (`uri`, `publishedDate`, `publisher`, `license`...). */
export const CfPackageMeta = v.looseObject({ uri: Text, publishedDate: Text, license: Text });
export type CfPackageMeta = v.InferOutput<typeof CfPackageMeta>;

/** A page of `GET /Published/Notices/OCDS/Search`: a release package with `links.next` when more follow. */
export const CfSearchPage = v.looseObject({
  ...CfPackageMeta.entries,
  releases: v.array(v.unknown()),
  links: v.nullish(v.looseObject({ next: Text })),
});
export type CfSearchPage = v.InferOutput<typeof CfSearchPage>;
