// The pages of an alert's unsubscribe link. GET asks (a link scanner that opens every URL of a message must not
// turn anyone's mail off): its button posts to the same link. POST (that button, or a mail client's one-click
// "Unsubscribe", RFC 8058) has turned the kind off and says so.
import type { NotificationKind } from '../../contract';
import { escapeHtml } from './mail-templates';

const KIND_WORDS: Record<NotificationKind, string> = {
  leads: 'new leads',
  samples: 'sample requests',
  captures: 'event captures',
  crmFailures: 'CRM sync failures',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | DirectMailers</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}h1{color:#1e40af;font-size:1.5rem}button{background:#2563eb;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}a{color:#1d4ed8}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function unsubscribeConfirmPage(kind: NotificationKind, action: string): string {
  return page(
    'Stop these e-mails?',
    `<h1>Stop e-mails about ${KIND_WORDS[kind]}?</h1>
<p>You will no longer get an e-mail for ${KIND_WORDS[kind]}. Your other choices stay as they are.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>
<p><a href="/admin?settings=notifications">Notification settings</a></p>`,
  );
}

export function unsubscribedPage(kind: NotificationKind): string {
  return page(
    'E-mails stopped',
    `<h1>Done</h1>
<p>You will no longer get an e-mail for ${KIND_WORDS[kind]}. To have them again, turn them on under Notifications in the admin.</p>
<p><a href="/admin?settings=notifications">Notification settings</a></p>`,
  );
}

export function invalidUnsubscribePage(): string {
  return page('Link not valid', `<h1>This link is not valid</h1>
<p>It may have been cut short by your mail program. Change your e-mail choices under Notifications in the admin.</p>
<p><a href="/admin?settings=notifications">Notification settings</a></p>`);
}
