import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')\]]+/g;

/** Plain text with its http(s) addresses turned into links. The text is never parsed as HTML. */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    // A sentence's closing punctuation is not part of the address.
    const url = match[0].replace(/[.,;:!?]+$/, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link key={`${start}-${url}`} href={url} sx={{ wordBreak: 'break-all' }}>
        {url}
      </Link>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
