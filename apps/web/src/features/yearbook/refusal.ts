import { formatFieldErrors } from '@school-portal/domain';
import { isApiError } from '../../api/client';

/**
 * What the server said when it refused (422: nothing changed since the last delivery, no full one yet,
 * the pose deadline has passed; 409: a delivery is already being built), in its own words; else `fallback`.
 */
export function refusal(error: unknown, fallback: string): string {
  if (isApiError(error, 422) || isApiError(error, 409)) {
    const messages = Object.values(formatFieldErrors(error.fieldErrors ?? {}));
    if (messages.length > 0) return messages.join(' ');
  }
  return fallback;
}
