import { formatFieldMessage, MAX_ATTACHMENT_BYTES } from '@school-portal/domain';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/client';
import { formatBytes } from './format';

/** The largest file a school may send, as words ("100 MB"). */
export const MAX_SIZE_TEXT = formatBytes(MAX_ATTACHMENT_BYTES);

/** Server field keys as words, so a message reads "File is not a real PDF file.". */
const FIELD_WORDS: Record<string, 'file' | 'type' | 'size' | 'name' | 'request'> = {
  file: 'file',
  upload_content_type: 'type',
  upload_file_size: 'size',
  upload_file_name: 'name',
  attachment_request_id: 'request',
};

/**
 * A failed step of a file's upload as words: the server's field errors (spec §8: capital letter, closing
 * period), else a general text. The file requests' upload page and the consent import's upload use it.
 */
export function uploadErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && (error.status === 422 || error.status === 409)) {
    const fields = error.fieldErrors;
    if (fields && Object.keys(fields).length > 0) {
      return Object.entries(fields)
        .map(([key, messages]) => {
          const word = FIELD_WORDS[key];
          const prefix = word ? `${t(`attachments.upload.fields.${word}`)} ` : '';
          return messages.map((message) => formatFieldMessage(`${prefix}${message}`)).join(' ');
        })
        .join(' ');
    }
  }
  if (isApiError(error, 0)) return t('common.network-error');
  return t('attachments.upload.failed');
}

/** Checks done before sending: the size limit (spec §2) and empty files. */
export function precheck(file: File, t: TFunction): string | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return t('attachments.upload.too-large', { size: MAX_SIZE_TEXT });
  if (file.size === 0) return t('attachments.upload.empty-file');
  return null;
}
