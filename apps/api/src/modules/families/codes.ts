import { randomInt } from 'node:crypto';

/**
 * A family access code: ten characters of an alphabet without the look-alikes O/0 and I/1 (32 symbols,
 * 5 bits each: 50 random bits), drawn by the operating system's generator. Printed as XXXXX-XXXXX;
 * typed in any case, with or without spaces and dashes.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

export function newAccessCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    // Never a number a roster could hold as a Student ID: a code has a letter.
    if (/[A-Z]/.test(code)) return code;
  }
}

/** A code as typed, in the stored form: upper case, without spaces or dashes (null when it cannot be one). */
export function normalizeAccessCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/** The printed form: two groups of five. */
export const printedCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
