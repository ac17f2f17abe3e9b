/**
 * Finding a person by name the way someone types it at a busy station: words in any order, any case,
 * accents and other marks ignored ("zoe brown" finds "Zoë Brown", "brown z" too), each typed word the
 * start of one of the name's words.
 */

/** Letters that carry no combining mark to strip, spelled as people type them without the key. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** A text as search compares it: lower case, marks removed, anything but letters and digits a space. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPELLED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a text as search compares them. */
export function searchWords(text: string): string[] {
  const folded = foldForSearch(text);
  return folded ? folded.split(' ') : [];
}

/**
 * Whether a name (given as its parts: first, last, preferred...) answers a query: every query word starts
 * a different word of the name, in any order. An empty query answers every name.
 */
export function nameMatches(
  query: string | readonly string[],
  nameParts: readonly (string | null | undefined)[],
) {
  const wanted = typeof query === 'string' ? searchWords(query) : query;
  if (wanted.length === 0) return true;
  const words = nameParts.flatMap((part) => (part ? searchWords(part) : []));
  // Longest query words first take their word, so "ann annabel" finds "Annabel Ann" both ways round.
  const free = [...words];
  for (const word of [...wanted].sort((a, b) => b.length - a.length)) {
    const index = free.findIndex((candidate) => candidate.startsWith(word));
    if (index < 0) return false;
    free.splice(index, 1);
  }
  return true;
}

/**
 * The items whose name answers the query, best first: names where every query word is a whole word
 * before those where some are only the start of one, then in the order given.
 */
export function searchByName<T>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => readonly (string | null | undefined)[],
): T[] {
  const wanted = searchWords(query);
  if (wanted.length === 0) return [...items];
  const whole: T[] = [];
  const partial: T[] = [];
  for (const item of items) {
    const parts = nameOf(item);
    if (!nameMatches(wanted, parts)) continue;
    const words = new Set(parts.flatMap((part) => (part ? searchWords(part) : [])));
    (wanted.every((word) => words.has(word)) ? whole : partial).push(item);
  }
  return [...whole, ...partial];
}
