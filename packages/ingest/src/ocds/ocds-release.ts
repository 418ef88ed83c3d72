import * as v from "valibot";

// Loose on purpose: OCDS releases carry many optional parts and extensions; unknown fields are
// kept (they end up in raw_payload). Only the parts the mapper reads are typed.
const Amount = v.union([v.number(), v.string()]);
const Text = v.nullish(v.string());

export const OcdsValue = v.looseObject({ amount: v.nullish(Amount), currency: Text });
export type OcdsValue = v.InferOutput<typeof OcdsValue>;

/** An OCDS document; publishers often give no title or file name, sometimes no type or format. */
export const OcdsDocument = v.looseObject({
  id: v.nullish(v.union([v.string(), v.number()])),
  documentType: Text,
  title: Text,
  description: Text,
  url: Text,
  format: Text,
});
export type OcdsDocument = v.InferOutput<typeof OcdsDocument>;

/** The parts of an OCDS release that the mapper reads. */
export const OcdsRelease = v.looseObject({
  ocid: Text,
  id: Text,
  date: Text,
  tender: v.nullish(
    v.looseObject({
      title: Text,
      description: Text,
      datePublished: Text,
      value: v.nullish(OcdsValue),
      lots: v.nullish(v.array(v.looseObject({ value: v.nullish(OcdsValue) }))),
      tenderPeriod: v.nullish(v.looseObject({ endDate: Text })),
      documents: v.nullish(v.array(OcdsDocument)),
    }),
  ),
  buyer: v.nullish(v.looseObject({ name: Text })),
  parties: v.nullish(v.array(v.looseObject({ name: Text, roles: v.nullish(v.array(v.string())) }))),
});
export type OcdsRelease = v.InferOutput<typeof OcdsRelease>;

/** The release package around the releases (`uri`, `publishedDate`, `publisher`, `license`...). */
export const OcdsPackageMeta = v.looseObject({ uri: Text, publishedDate: Text, license: Text });
export type OcdsPackageMeta = v.InferOutput<typeof OcdsPackageMeta>;

/** A page of an OCDS release packages API: a release package with `links.next` when more follow. */
export const OcdsReleasePackage = v.looseObject({
  ...OcdsPackageMeta.entries,
  releases: v.array(v.unknown()),
  links: v.nullish(v.looseObject({ next: Text })),
});
export type OcdsReleasePackage = v.InferOutput<typeof OcdsReleasePackage>;
