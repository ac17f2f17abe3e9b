import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, test } from 'vitest';

/**
 * The web's wording: a count is shown through i18next's plural forms (`key_one`/`key_other`, with
 * `count`), so that no screen says "1 duplicates left out".
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/app/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
// Words after a placeholder that are not plural nouns ("{{name}} was deleted", "{{master}} lists everyone").
const VERBS = new Set(['is', 'was', 'has', 'does', 'lists']);

/** Every text of a locale file by its dotted key. */
function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => texts(inner, prefix ? `${prefix}.${key}` : key));
}

const files = readdirSync(LOCALES).filter((name) => /^en-us.*\.json$/.test(name));

describe.each(files)('%s', (file) => {
  const entries = texts(JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')));
  const keys = new Set(entries.map(([key]) => key));

  test('every text with {{count}} is a plural form with both _one and _other', () => {
    const wrong = entries
      .filter(([, text]) => text.includes('{{count}}'))
      .filter(([key]) => {
        const base = key.replace(PLURAL_SUFFIX, '');
        return base === key || !keys.has(`${base}_one`) || !keys.has(`${base}_other`);
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  test('no count is shown under another name before a plural noun ("{{rows}} rows")', () => {
    const wrong = entries.flatMap(([key, text]) =>
      [...text.matchAll(/\{\{(\w+)\}\} ([a-z]+s)\b/g)]
        .filter(([, name, word]) => name !== 'count' && !VERBS.has(word ?? ''))
        .map(([match]) => `${key}: ${match}`),
    );
    expect(wrong).toEqual([]);
  });
});

test('every plural renders whole for one and for several, nested plurals included', async () => {
  // The files merged as the web app merges them.
  const translation = Object.assign(
    {},
    ...files.map((file) => JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8'))),
  );
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-us',
    lowerCaseLng: true,
    resources: { 'en-us': { translation } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const bases = new Set(
    texts(translation)
      .map(([key]) => key)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  );
  const broken: string[] = [];
  for (const base of bases) {
    // Every placeholder of the key's forms gets the number too ("{{name}}" shows as "1": harmless).
    const names = texts(translation)
      .filter(([key]) => key.replace(PLURAL_SUFFIX, '') === base)
      .flatMap(([, text]) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? ''));
    for (const n of [1, 2]) {
      const text = i18n.t(base, Object.fromEntries(names.map((name) => [name, n])));
      if (/\{\{|\$t\(|_one|_other/.test(text) || text === base) broken.push(`${base} (${n}): ${text}`);
    }
  }
  expect(broken).toEqual([]);
  expect(i18n.t('subjects.duplicates.result', { count: 1, excluded: 1 })).toBe(
    '1 subject selected, 1 excluded as a duplicate',
  );
});
