import { xmlText } from "../saved-searches/atom-feed.js";

/** A small page a link in a mail opens: a heading, a sentence, and maybe a button that POSTs. */
export interface EmailLinkPage {
  title: string;
  message: string;
  /** The button's label; the form POSTs back to the same address. */
  button?: string;
}

/**
 * The page as HTML: no script, no remote resource, every text escaped. A GET only shows it: the
 * button's POST does the action, so a mail scanner that follows links changes nothing.
 */
export function renderEmailLinkPage(page: EmailLinkPage): string {
  const form = page.button
    ? `<form method="post"><button type="submit" style="font:inherit;padding:.5em 1.2em">${xmlText(page.button)}</button></form>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${xmlText(page.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32em;margin:3em auto;padding:0 1em;line-height:1.5">
<h1 style="font-size:1.4em">${xmlText(page.title)}</h1>
<p>${xmlText(page.message)}</p>
${form}
</body></html>
`;
}

/** Headers of every link page: nothing loads, the token in the address goes nowhere, nothing is cached. */
export const EMAIL_LINK_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;
