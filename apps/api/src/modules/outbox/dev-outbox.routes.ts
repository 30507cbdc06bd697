import { fixedPagePolicy } from '../../platform/http/content-security-policy.js';
import type { Hono } from 'hono';
import type { Deps } from '../../platform/deps.js';
import { isStorableText } from '../../platform/http/storable-text.js';
import { recentMessages } from './outbox.service.js';

export const DEV_OUTBOX_PATH = '/dev/outbox';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * In a query string "+" reads as a space, so "+8190…" typed into a URL
 * arrives as " 8190…"; a recipient of digits is a phone number in E.164.
 */
function recipientParam(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  return /^[0-9]{6,15}$/.test(v) ? `+${v}` : v;
}

const OUTBOX_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
  pre { margin: 0; white-space: pre-wrap; font-family: inherit; }
`;
// No script at all; the one style block by its hash.
const OUTBOX_CSP = fixedPagePolicy({ styles: [OUTBOX_STYLE] });

/**
 * The development outbox: every email and SMS the product recorded, so codes
 * can be read without a mail server or an SMS provider. Not mounted in production,
 * where these paths do not exist.
 */
export function mountDevOutboxRoutes(app: Hono, deps: Deps): void {
  if (deps.env.isProduction) return;
  // Nothing was ever sent to text the database cannot store (a NUL from `%00`), so it is not asked.
  const messagesFor = async (raw: string | undefined) => {
    const recipient = recipientParam(raw);
    return recipient === undefined || isStorableText(recipient) ? recentMessages(deps, recipient) : [];
  };

  app.get(`${DEV_OUTBOX_PATH}.json`, async (c) => {
    const messages = await messagesFor(c.req.query('recipient'));
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
  });

  app.get(DEV_OUTBOX_PATH, async (c) => {
    const messages = await messagesFor(c.req.query('recipient'));
    const rows = messages
      .map(
        (m) => `<tr>
  <td><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time></td>
  <td>${escapeHtml(m.channel)}</td>
  <td>${escapeHtml(m.recipient)}</td>
  <td>${escapeHtml(m.subject)}</td>
  <td><pre>${escapeHtml(m.body)}</pre></td>
</tr>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox — yado</title>
<style>${OUTBOX_STYLE}</style>
</head>
<body>
<h1>Development outbox</h1>
<p>Emails and SMS recorded by this server, newest first. This page does not exist in production.</p>
<table>
<thead><tr><th>Time (UTC)</th><th>Channel</th><th>Recipient</th><th>Subject</th><th>Body</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', OUTBOX_CSP);
    return c.html(html);
  });
}
