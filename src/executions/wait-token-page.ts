import type { WaitToken } from './wait-token.entity';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The page of a token's callback URL: its title, description and one form button per choice
 * (or one "Complete"), each a POST to the same URL; or, after a POST, what was recorded. No
 * script and no style: it works under a CSP that allows nothing but forms to this origin.
 */
export function tokenPage(
  token: WaitToken,
  after: 'recorded' | 'refused' | null,
  reason?: string,
): string {
  const title = escape(token.title ?? 'Waiting for your answer');
  const parts = [`<h1>${title}</h1>`];
  if (token.description) parts.push(`<p>${escape(token.description)}</p>`);
  if (after === 'recorded') {
    const choice = token.choice === null ? '' : `: <strong>${escape(token.choice)}</strong>`;
    parts.push(`<p>Recorded${choice}. Thank you.</p>`);
  } else if (after === 'refused' || token.status !== 'waiting') {
    if (reason) parts.push(`<p>${escape(reason)}</p>`);
    parts.push(`<p>This request is ${escape(token.status)}${answered(token)}.</p>`);
  } else {
    const buttons = (token.choices ?? [null]).map(
      (choice) =>
        `<form method="post"><button type="submit"${
          choice === null ? '' : ` name="choice" value="${escape(choice)}"`
        }>${escape(choice ?? 'Complete')}</button></form>`,
    );
    parts.push(...buttons);
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body>${parts.join('\n')}</body></html>
`;
}

function answered(token: WaitToken): string {
  return token.status === 'completed' && token.choice !== null ? ` (${escape(token.choice)})` : '';
}
