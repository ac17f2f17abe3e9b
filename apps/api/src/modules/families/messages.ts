import type { OutgoingMessage } from '../../mail/mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A family e-mail: paragraphs, one link, and the unsubscribe link every family e-mail carries at its foot.
 * Nothing of the school's but what the message names (a child's first name, at most).
 */
function familyMessage(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string },
  unsubscribeUrl: string,
): OutgoingMessage {
  const foot = 'To stop these e-mails, follow this link:';
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link.url}\n\n--\n${foot}\n${unsubscribeUrl}\n`,
    html: `<!doctype html><html><head><meta name="robots" content="noindex"></head><body style="font-family: sans-serif">${paragraphs
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('\n')}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<hr><p style="font-size: small">${escapeHtml(foot)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`,
  };
}

export function familySignInMessage(args: {
  to: string;
  link: string;
  minutes: number;
  unsubscribeUrl: string;
}): OutgoingMessage {
  return familyMessage(
    args.to,
    'Your sign-in link to your child’s school photos',
    [
      'Hello,',
      'Someone (we hope you) entered this e-mail address with a family access code to see a child’s school photos.',
      `Follow this link within ${args.minutes} minutes to sign in. It works once.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
    { url: args.link, label: 'Sign in to see the photos' },
    args.unsubscribeUrl,
  );
}

/** "Photos are ready", a message the guardian asked for: it carries one-click unsubscribe (RFC 8058) too. */
export function photosReadyMessage(args: {
  to: string;
  firstName: string;
  link: string;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
}): OutgoingMessage {
  return {
    ...familyMessage(
      args.to,
      `${args.firstName}’s school photos are ready`,
      ['Hello,', `${args.firstName}’s school photos are ready to view.`],
      { url: args.link, label: 'See the photos' },
      args.unsubscribeUrl,
    ),
    listUnsubscribe: args.oneClickUnsubscribeUrl,
  };
}
