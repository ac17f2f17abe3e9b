import { sniffImageType } from '../../images/images.js';

const startsWith = (head: Buffer, bytes: number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/**
 * Whether the first bytes of a file fit the type it claims: magic numbers for binary formats, valid
 * UTF-8 without NUL bytes for text (a roster CSV must be text, not a renamed executable).
 */
export function contentMatches(contentType: string, head: Buffer): boolean {
  switch (contentType) {
    case 'image/png':
    case 'image/jpeg':
      return sniffImageType(head) === contentType;
    case 'application/pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'application/zip':
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case 'application/vnd.ms-excel':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'text/csv':
    case 'text/plain': {
      if (head.includes(0)) return false;
      // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes.
      for (let cut = 0; cut <= 3; cut++) {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
          return true;
        } catch {}
      }
      return false;
    }
    default:
      return false;
  }
}
