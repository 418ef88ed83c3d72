import { headerText } from "./header-text.js";
import { htmlText, oneLine } from "./html-text.js";
import type { RenderedMail } from "./render-digest.js";

/** The mail that asks an address to confirm a saved search's digest; the link is valid 7 days. */
export function renderConfirmation(input: {
  savedSearchName: string;
  address: string;
  confirmUrl: string;
}): RenderedMail {
  const name = headerText(input.savedSearchName, 80);
  const intro = `Someone asked to send the tender digest of the saved search “${oneLine(input.savedSearchName)}” to ${input.address}.`;
  const ask = "Open the link to confirm. If it was not you, ignore this mail: nothing more will be sent.";
  return {
    subject: `Confirm your tender digest for “${name}”`,
    text: `${intro}\n\n${ask}\n\nConfirm: ${input.confirmUrl}\n\nThe link works for 7 days.\n`,
    html: `<!doctype html>
<html><head><meta charset="utf-8"></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.4;color:#222">
<p>${htmlText(intro)}</p>
<p>${htmlText(ask)}</p>
<p><a href="${htmlText(input.confirmUrl)}" style="display:inline-block;padding:8px 16px;background:#1a4f8b;color:#fff;text-decoration:none">Confirm</a></p>
<p style="color:#666;font-size:12px">The link works for 7 days.</p>
</body></html>
`,
  };
}
