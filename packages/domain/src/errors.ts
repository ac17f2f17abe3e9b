/**
 * Turns server 422/409 messages into per-field messages with a capital first letter and a closing
 * period (spec §5): "has already been taken" becomes "Has already been taken.".
 */
export function formatFieldMessage(message: string): string {
  const trimmed = message.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

export function formatFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.map(formatFieldMessage).join(' ')]),
  );
}

/** Booleans sent to the API are the text true or false, otherwise omitted (spec §5). */
export function booleanParam(value: boolean | null | undefined): 'true' | 'false' | undefined {
  if (value === true) return 'true';
  if (value === false) return 'false';
  return undefined;
}
