import { isHttpUrl } from "@tender/contracts";
import { describeAwards, describeNoticeChanges, followUpTitle } from "@tender/contracts/display";
import { describeCpvCodes } from "@tender/cpv";
import type { DigestContent, ListedMatch } from "@tender/db";
import { closesIn } from "./closes-in.js";
import { headerText } from "./header-text.js";
import { clip, htmlText, oneLine, plainText } from "./html-text.js";

/** A mail's user-facing parts: the subject (header-safe), the plain text and the HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface DigestInput {
  savedSearchName: string;
  frequency: "instant" | "daily" | "weekly";
  address: string;
  content: DigestContent;
  now: Date;
  /** The web app's page of a tender. */
  tenderPageUrl(tenderId: string): string;
  unsubscribeUrl: string;
}

const FRAGMENT_MAX_CHARS = 300;
const NAME_IN_SUBJECT_MAX_CHARS = 80;
const LINK = "color:#1a4f8b";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 new tenders", "1 update", "3 new tenders, 1 update": what a digest brings. */
function news(content: DigestContent): string {
  return [
    ...(content.newMatchCount > 0 || content.followUpCount === 0
      ? [plural(content.newMatchCount, "new tender", "new tenders")]
      : []),
    ...(content.followUpCount > 0 ? [plural(content.followUpCount, "update", "updates")] : []),
  ].join(", ");
}

/**
 * The digest mail of a saved search: its new tenders (title, buyer, deadline with "closes in N
 * days", CPV codes with their English labels, the best matching fragment, links to the notice and to the web app's page) and the
 * tenders it matched earlier that close within 7 days; its follow-ups ("Changed: …" with what
 * changed, "Awarded: …" with who won at what price, "Cancelled: …"); plain text and HTML (inline styles, no
 * image, every text escaped). The subject names the saved search (made header-safe) and the
 * count, never a tender title.
 */
export function renderDigest(input: DigestInput): RenderedMail {
  const { content } = input;
  const name = headerText(input.savedSearchName, NAME_IN_SUBJECT_MAX_CHARS);
  const subject = `${news(content)} for “${name}”`;
  const kind = input.frequency === "instant" ? "alert" : `${input.frequency} digest`;
  const more = content.newMatchCount - content.newMatches.length;
  const moreFollowUps = content.followUpCount - content.followUps.length;
  const changesOf = (m: ListedMatch) => oneLine(clip(describeNoticeChanges(m.changes), FRAGMENT_MAX_CHARS));
  const awardsOf = (m: ListedMatch) => oneLine(clip(describeAwards(m.awards), FRAGMENT_MAX_CHARS));
  const cpvOf = (m: ListedMatch) => oneLine(clip(describeCpvCodes(m.tender.cpv_codes), FRAGMENT_MAX_CHARS));

  const textItem = (m: ListedMatch, i: number) =>
    [
      `${i + 1}. ${oneLine(m.tender.title)}`,
      `   Buyer: ${oneLine(m.tender.buyer_name ?? "") || "not given"}`,
      `   Deadline: ${closesIn(m.tender.deadline, input.now)}`,
      ...(cpvOf(m) ? [`   CPV: ${cpvOf(m)}`] : []),
      `   “${oneLine(clip(m.snippet, FRAGMENT_MAX_CHARS))}”`,
      ...(isHttpUrl(m.tender.source_url) ? [`   Notice: ${m.tender.source_url}`] : []),
      `   Details: ${input.tenderPageUrl(m.tender.id)}`,
    ].join("\n");
  const textFollowUp = (m: ListedMatch) =>
    [
      `- ${oneLine(followUpTitle(m.reason, m.tender.title))}`,
      ...(awardsOf(m) ? [`  ${awardsOf(m)}`] : []),
      ...(changesOf(m) ? [`  ${changesOf(m)}`] : []),
      `  Deadline: ${closesIn(m.tender.deadline, input.now)}`,
      `  Details: ${input.tenderPageUrl(m.tender.id)}`,
    ].join("\n");
  const followUpText =
    content.followUps.length > 0
      ? [
          "",
          "Updates to tenders this saved search matched:",
          "",
          content.followUps.map(textFollowUp).join("\n\n"),
          ...(moreFollowUps > 0 ? ["", `… and ${moreFollowUps} more in the app.`] : []),
        ]
      : [];
  const textClosing = (m: ListedMatch) =>
    `- ${oneLine(m.tender.title)}: ${closesIn(m.tender.deadline, input.now)}\n  ${input.tenderPageUrl(m.tender.id)}`;
  const text = plainText(
    [
      `Tender search: ${kind} for “${oneLine(input.savedSearchName)}”`,
      "",
      ...(content.newMatches.length > 0
        ? [
            `${plural(content.newMatchCount, "new tender matches", "new tenders match")} this saved search:`,
            "",
            content.newMatches.map(textItem).join("\n\n"),
            ...(more > 0 ? ["", `… and ${more} more in the app.`] : []),
          ]
        : []),
      ...followUpText,
      ...(content.closingSoon.length > 0
        ? ["", "Closing within 7 days:", "", content.closingSoon.map(textClosing).join("\n")]
        : []),
      "",
      "--",
      `You get this because ${input.address} asked for the ${kind} of this saved search.`,
      `Unsubscribe: ${input.unsubscribeUrl}`,
      "",
    ].join("\n"),
  );

  const a = (href: string, label: string) =>
    `<a href="${htmlText(href)}" style="${LINK}">${htmlText(label)}</a>`;
  const htmlItem = (m: ListedMatch) => `<tr><td style="padding:12px 0;border-top:1px solid #ddd">
<div style="font-size:16px;font-weight:bold">${a(input.tenderPageUrl(m.tender.id), oneLine(m.tender.title))}</div>
<div style="color:#444">Buyer: ${htmlText(oneLine(m.tender.buyer_name ?? "") || "not given")}</div>
<div style="color:#444">Deadline: ${htmlText(closesIn(m.tender.deadline, input.now))}</div>
${cpvOf(m) ? `<div style="color:#444">CPV: ${htmlText(cpvOf(m))}</div>\n` : ""}<div style="margin:6px 0;padding-left:8px;border-left:3px solid #ccc;color:#333">${htmlText(oneLine(clip(m.snippet, FRAGMENT_MAX_CHARS)))}</div>
<div>${isHttpUrl(m.tender.source_url) ? `${a(m.tender.source_url, "Notice")} · ` : ""}${a(input.tenderPageUrl(m.tender.id), "Details")}</div>
</td></tr>`;
  const htmlFollowUp = (m: ListedMatch) => `<tr><td style="padding:12px 0;border-top:1px solid #ddd">
<div style="font-size:16px;font-weight:bold">${a(input.tenderPageUrl(m.tender.id), oneLine(followUpTitle(m.reason, m.tender.title)))}</div>
${awardsOf(m) ? `<div style="color:#333">${htmlText(awardsOf(m))}</div>\n` : ""}${changesOf(m) ? `<div style="color:#333">${htmlText(changesOf(m))}</div>\n` : ""}<div style="color:#444">Deadline: ${htmlText(closesIn(m.tender.deadline, input.now))}</div>
</td></tr>`;
  const htmlClosing = (m: ListedMatch) =>
    `<li>${a(input.tenderPageUrl(m.tender.id), oneLine(m.tender.title))}: ${htmlText(closesIn(m.tender.deadline, input.now))}</li>`;
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${htmlText(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#222">
<h1 style="font-size:20px;margin:0 0 8px">${htmlText(`Tender search: ${kind} for “${oneLine(input.savedSearchName)}”`)}</h1>
${
  content.newMatches.length > 0
    ? `<p>${htmlText(`${plural(content.newMatchCount, "new tender matches", "new tenders match")} this saved search:`)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:640px;border-collapse:collapse">
${content.newMatches.map(htmlItem).join("\n")}
</table>
${more > 0 ? `<p>${htmlText(`… and ${more} more in the app.`)}</p>` : ""}`
    : ""
}
${
  content.followUps.length > 0
    ? `<h2 style="font-size:16px;margin:16px 0 8px">Updates to tenders this saved search matched</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;max-width:640px;border-collapse:collapse">
${content.followUps.map(htmlFollowUp).join("\n")}
</table>
${moreFollowUps > 0 ? `<p>${htmlText(`… and ${moreFollowUps} more in the app.`)}</p>` : ""}`
    : ""
}
${content.closingSoon.length > 0 ? `<h2 style="font-size:16px;margin:16px 0 8px">Closing within 7 days</h2>\n<ul>${content.closingSoon.map(htmlClosing).join("\n")}</ul>` : ""}
<p style="margin-top:24px;color:#666;font-size:12px">${htmlText(`You get this because ${input.address} asked for the ${kind} of this saved search.`)} ${a(input.unsubscribeUrl, "Unsubscribe")}</p>
</body></html>
`;
  return { subject, text, html };
}
