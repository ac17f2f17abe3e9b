import type { OutgoingMessage } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Whom a message goes to and the one link it carries: every message has both. */
interface Addressed {
  to: string;
  link: string;
}

/**
 * A message of paragraphs and one link: in the text part, the link on a line of its own after them; in the
 * HTML part, the paragraphs escaped and the link under its label.
 */
function message(args: Addressed, subject: string, paragraphs: string[], label: string): OutgoingMessage {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return {
    to: args.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${args.link}\n`,
    html: `<!doctype html><html><body style="font-family: sans-serif">${body}
<p><a href="${escapeHtml(args.link)}">${escapeHtml(label)}</a></p></body></html>`,
  };
}

export function passwordResetMessage(
  args: Addressed & {
    name: string;
    minutes: number;
  },
): OutgoingMessage {
  const lines = [
    `Hello ${args.name},`,
    'Someone asked to reset the password of your account. The new password applies to all of our apps.',
    `Follow this link within ${args.minutes} minutes to choose a new password. It works once.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ];
  return message(args, 'Reset your School Portal password', lines, 'Choose a new password');
}

export function invitationMessage(
  args: Addressed & {
    name: string;
    organizationName: string;
    inviterName: string;
    days: number;
  },
): OutgoingMessage {
  const lines = [
    `Hello ${args.name},`,
    `${args.inviterName} invited you to School Portal for ${args.organizationName}.`,
    `Follow this link within ${args.days} days to choose your password and sign in. It works once.`,
  ];
  return message(
    args,
    `You're invited to School Portal for ${args.organizationName}`,
    lines,
    'Accept the invitation',
  );
}

export function fileRequestMessage(
  args: Addressed & {
    organizationName: string;
    projectName: string;
    requestName: string;
    description: string;
    requesterName: string;
  },
): OutgoingMessage {
  const lines = [
    `Hello ${args.organizationName},`,
    `${args.requesterName} asks for files for ${args.projectName}: ${args.requestName}.`,
    args.description,
    'Follow the link to sign in and upload them.',
  ];
  return message(
    args,
    `Files requested for ${args.projectName}: ${args.requestName}`,
    lines,
    'Upload the files',
  );
}

export function fileUploadedMessage(
  args: Addressed & {
    requestName: string;
    projectName: string;
    /** The files of one upload batch: one e-mail names them all. */
    fileNames: string[];
  },
): OutgoingMessage {
  const one = args.fileNames.length === 1;
  const lines = one
    ? [
        `A file was uploaded for ${args.projectName} in answer to "${args.requestName}": ${args.fileNames[0]}.`,
      ]
    : [
        `${args.fileNames.length} files were uploaded for ${args.projectName} in answer to "${args.requestName}":`,
        args.fileNames.join('\n'),
      ];
  return message(
    args,
    `${one ? 'File' : 'Files'} uploaded for ${args.projectName}: ${args.requestName}`,
    lines,
    'See the project’s files',
  );
}

export function projectExportReadyMessage(
  args: Addressed & {
    name: string;
    projectName: string;
    formatName: string;
    days: number;
  },
): OutgoingMessage {
  const lines = [
    `Hello ${args.name},`,
    `Your ${args.formatName} export of ${args.projectName} is ready for download.`,
    `Follow this link to download it. It is kept for ${args.days} days.`,
  ];
  return message(args, `Your export of ${args.projectName} is ready`, lines, 'Download the export');
}

/**
 * The studio's "missing portraits" e-mail to a school: counts and a link to the coverage
 * page only. No student is named: the list stays behind sign-in, out of mailboxes (docs/decisions.md).
 */
export function missingPortraitsMessage(
  args: Addressed & {
    organizationName: string;
    projectName: string;
    senderName: string;
    subjects: number;
    withPortrait: number;
    missing: number;
    retakes: number;
  },
): OutgoingMessage {
  const lines = [
    `Hello ${args.organizationName},`,
    `${args.senderName} sends you the portraits still missing for ${args.projectName}: ${args.missing} of ${args.subjects} subjects have no portrait yet (${args.withPortrait} have one${args.retakes > 0 ? `, ${args.retakes} wait for a retake` : ''}).`,
    'Follow the link to sign in and see who is missing, by class, and to download the list as CSV or PDF.',
  ];
  return message(
    args,
    `Missing portraits for ${args.projectName}: ${args.missing}`,
    lines,
    'See who is missing',
  );
}

/**
 * A yearbook deadline coming (the daily job), to the studio's contact and the school's yearbook contact:
 * counts and a link only, never a student's name (the lists stay behind sign-in).
 */
export function yearbookDeadlineMessage(
  args: Addressed & {
    projectName: string;
    publisherName: string;
    deadlineName: string;
    date: string;
    daysLeft: number;
    subjects: number;
    without_photo: number;
    pose_not_chosen: number;
  },
): OutgoingMessage {
  const when = args.daysLeft === 0 ? 'today' : args.daysLeft === 1 ? 'tomorrow' : `in ${args.daysLeft} days`;
  const lines = [
    `The ${args.publisherName} deadline "${args.deadlineName}" for ${args.projectName} is ${when} (${args.date}).`,
    `Of ${args.subjects} students and staff in the book, ${args.without_photo} have no yearbook photo yet and ${args.pose_not_chosen} have several photos with no yearbook pose chosen.`,
    'Follow the link to sign in and see who is missing and what the next delivery holds.',
  ];
  return message(
    args,
    `Yearbook deadline for ${args.projectName}: ${args.deadlineName}, ${when}`,
    lines,
    'See the yearbook deliveries',
  );
}
