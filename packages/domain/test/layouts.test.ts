import { describe, expect, test } from 'vitest';
import {
  approximateMeasure,
  fillTemplate,
  fitGrid,
  fitText,
  groupSubjects,
  headingText,
  type LayoutSubject,
  layoutDefinitionSchema,
  layoutPages,
  lineDescribesGroup,
  type PlacedText,
  sortSubjects,
} from '../src/index.js';

const subject = (
  id: string,
  values: Record<string, string>,
  photo: string | null = `p${id}`,
): LayoutSubject => ({
  id,
  values,
  photos: { primary: photo, latest: photo ? `${photo}-latest` : null },
});

const letter = { width: 612, height: 792, margins: { top: 36, right: 36, bottom: 36, left: 36 } };
const idCards = layoutDefinitionSchema.parse({
  page: { ...letter, margins: { top: 13.5, right: 36, bottom: 13.5, left: 36 } },
  grid: { width: 2, height: 5 },
  unit: {
    width: 243,
    height: 153,
    boxes: [
      { kind: 'photo', x: 8, y: 8, width: 80, height: 100 },
      { kind: 'text', x: 96, y: 8, width: 140, height: 20, template: '{First Name} {Last Name}', size: 14 },
      { kind: 'barcode', x: 96, y: 100, width: 140, height: 40, field: 'Student ID' },
    ],
  },
});
const composite = layoutDefinitionSchema.parse({
  page: letter,
  grid: { width: 4, height: 3 },
  unit: {
    width: 130,
    height: 200,
    boxes: [
      { kind: 'photo', x: 5, y: 0, width: 120, height: 150 },
      {
        kind: 'text',
        x: 0,
        y: 155,
        width: 130,
        height: 20,
        template: '{First Name} {Last Name}',
        size: 12,
        align: 'center',
      },
    ],
  },
});
const texts = (boxes: { kind: string }[]) =>
  boxes.filter((b): b is PlacedText => b.kind === 'text').map((b) => b.text);

describe('layout definitions', () => {
  test('a box outside its unit and units wider than the page are refused', () => {
    const bad = layoutDefinitionSchema.safeParse({
      page: letter,
      grid: { width: 5, height: 1 },
      unit: {
        width: 130,
        height: 100,
        boxes: [{ kind: 'static', x: 100, y: 0, width: 50, height: 10, text: 'x', size: 8 }],
      },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('unit.width');
    expect(paths).toContain('unit.boxes.0');
  });
});

describe('placement', () => {
  test('Basic with next-subject fill: 10 units a page, row by row, boxes relative to their unit', () => {
    const subjects = Array.from({ length: 12 }, (_, i) =>
      subject(String(i + 1), {
        'First Name': `F${String(i + 1).padStart(2, '0')}`,
        'Last Name': 'L',
        'Student ID': `S${i}`,
      }),
    );
    const pages = layoutPages(idCards, 'Basic', subjects, { sort_by: ['First Name'] });
    expect(pages).toHaveLength(2);
    expect(pages[0]!.boxes).toHaveLength(30);
    expect(pages[1]!.boxes).toHaveLength(6);
    const photos = pages[0]!.boxes.filter((b) => b.kind === 'photo');
    // cells are 270 x 153 inside 36-pt margins; the 243-wide unit is centred in its cell
    expect(photos[0]).toMatchObject({ x: 36 + 13.5 + 8, subject_id: '1', photo_id: 'p1' });
    expect(photos[1]!.x).toBeCloseTo(36 + 270 + 13.5 + 8);
    expect(photos[2]!.y).toBeGreaterThan(photos[0]!.y + 140);
    expect(pages[0]!.boxes.find((b) => b.kind === 'barcode')).toMatchObject({ value: 'S0' });
  });

  test('Basic with same-subject fill repeats one subject on its own page', () => {
    const wallets = layoutDefinitionSchema.parse({ ...idCards, fill: 'same' });
    const pages = layoutPages(wallets, 'Basic', [
      subject('1', { 'First Name': 'Ana' }),
      subject('2', { 'First Name': 'Bo' }),
    ]);
    expect(pages).toHaveLength(2);
    expect(
      new Set(
        pages[1]!.boxes
          .filter((b) => b.kind === 'photo')
          .map((b) => (b as { subject_id: string }).subject_id),
      ),
    ).toEqual(new Set(['2']));
    expect(pages[1]!.boxes.filter((b) => b.kind === 'photo')).toHaveLength(10);
  });

  test('the latest pose takes the latest photo', () => {
    const def = layoutDefinitionSchema.parse({
      ...idCards,
      unit: {
        ...idCards.unit,
        boxes: [{ kind: 'photo', x: 0, y: 0, width: 10, height: 10, pose: 'latest' }],
      },
    });
    expect(layoutPages(def, 'Basic', [subject('1', {})])[0]!.boxes[0]).toMatchObject({
      photo_id: 'p1-latest',
    });
  });
});

describe('grouping and sorting', () => {
  const people = [
    subject('1', { 'First Name': 'Zoe', 'Last Name': 'Adams', Grade: '10', Teacher: 'Smith' }),
    subject('2', { 'First Name': 'Amy', 'Last Name': 'Adams', Grade: '2', Teacher: 'Jones' }),
    subject('3', { 'First Name': 'Ben', 'Last Name': 'Clark', Grade: 'K', Teacher: '' }),
    subject('4', { 'First Name': 'Cal', 'Last Name': 'Brown', Grade: '', Teacher: 'Smith' }),
    subject('5', { 'First Name': 'Dee', 'Last Name': 'Brown', Grade: 'Staff', Teacher: 'jones' }),
  ];

  test('grades: kindergarten first, numbers by value, text after, blanks last', () => {
    expect(groupSubjects(people, ['Grade'], ['Last Name', 'First Name']).map((g) => g.title)).toEqual([
      'K',
      '2',
      '10',
      'Staff',
      'No Grade',
    ]);
  });

  test('sorts by Last Name then First Name inside groups; group values compare without case', () => {
    const groups = groupSubjects(people, ['Teacher'], ['Last Name', 'First Name']);
    expect(groups.map((g) => g.title)).toEqual(['Jones', 'Smith', 'No Teacher']);
    expect(groups[0]!.subjects.map((s) => s.values['First Name'])).toEqual(['Amy', 'Dee']);
    expect(groups[1]!.subjects.map((s) => s.values['First Name'])).toEqual(['Zoe', 'Cal']);
    expect(sortSubjects(people, [], ['Last Name', 'First Name']).map((s) => s.id)).toEqual([
      '2',
      '1',
      '4',
      '5',
      '3',
    ]);
  });

  test('a Sheet starts each group on its own page with its title, and continues long groups', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      subject(String(i + 1), { 'First Name': `N${i}`, Teacher: i < 13 ? 'Smith' : 'Jones' }),
    );
    const pages = layoutPages(composite, 'Sheet', many, { group_by: ['Teacher'], sort_by: ['First Name'] });
    expect(pages).toHaveLength(3);
    expect(texts(pages[0]!.boxes)[0]).toBe('Jones');
    expect(texts(pages[1]!.boxes)[0]).toBe('Smith');
    expect(texts(pages[2]!.boxes)[0]).toBe('Smith (continued)');
    expect(pages[1]!.boxes.filter((b) => b.kind === 'photo')).toHaveLength(12);
  });

  /** A Sheet two units wide and `rows` high, groups flowing on (no page per group), each unit a last name. */
  const flowingSheet = (rows: number) =>
    layoutDefinitionSchema.parse({
      page: letter,
      grid: { width: 2, height: rows },
      group_break: 'flow',
      unit: {
        width: 200,
        height: 40,
        boxes: [{ kind: 'text', x: 0, y: 0, width: 200, height: 20, template: '{Last Name}', size: 10 }],
      },
    });

  test('a flowing Sheet puts titles on their own rows and never leaves a title alone at the foot', () => {
    const short = flowingSheet(4);
    const two = ['A', 'B'].flatMap((t) =>
      [1, 2, 3].map((i) => subject(`${t}${i}`, { Teacher: t, 'Last Name': `${t}${i}` })),
    );
    // A's rows end on row 3 of 4: B's title would be alone at the foot, so B starts the next page
    expect(layoutPages(short, 'Sheet', two, { group_by: ['Teacher'] }).map((p) => texts(p.boxes)[0])).toEqual(
      ['A', 'B'],
    );
    const directory = flowingSheet(5);
    const list = ['A', 'B', 'C'].flatMap((t, g) =>
      Array.from({ length: 3 }, (_, i) => subject(`${g}${i}`, { Teacher: t, 'Last Name': `${t}${i}` })),
    );
    const pages = layoutPages(directory, 'Sheet', list, { group_by: ['Teacher'], sort_by: ['Last Name'] });
    // five rows: A, A0 A1, A2, B, B0 B1 | B (continued), B2, C, C0 C1, C2
    expect(texts(pages[0]!.boxes)).toEqual(['A', 'A0', 'A1', 'A2', 'B', 'B0', 'B1']);
    expect(texts(pages[1]!.boxes)).toEqual(['B (continued)', 'B2', 'C', 'C0', 'C1', 'C2']);
    const a0 = pages[0]!.boxes[1]!;
    const a2 = pages[0]!.boxes[3]!;
    expect(a2.y - a0.y).toBeCloseTo(720 / 5);
  });
});

describe('text', () => {
  test('templates take field values and collapse blanks', () => {
    expect(
      fillTemplate('{First Name} {Middle Name} {Last Name}', { 'First Name': 'Ana', 'Last Name': 'Lee' }),
    ).toBe('Ana Lee');
  });

  test('overflow shrinks the text, then ends it with an ellipsis at the minimum size', () => {
    const measure = (t: string, size: number) => [...t].length * size * 0.5;
    expect(fitText('Short', 100, 12, 6, 'normal', measure)).toEqual({ text: 'Short', size: 12 });
    const shrunk = fitText('A longer name here', 100, 12, 6, 'normal', measure);
    expect(shrunk.text).toBe('A longer name here');
    expect(shrunk.size).toBeLessThan(12);
    expect(measure(shrunk.text, shrunk.size)).toBeLessThanOrEqual(100);
    const cut = fitText('Maximiliana Alexandrova-Konstantinopoulou', 100, 12, 8, 'normal', measure);
    expect(cut.size).toBe(8);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(measure(cut.text, 8)).toBeLessThanOrEqual(100);
  });

  test('a Sheet of accented Latin, Cyrillic, Greek and CJK names keeps every name whole', () => {
    const names = ['Zoë Ångström', 'Иван Петров', 'Νίκος Παπαδόπουλος', '王小明', '佐藤 花子', 'José Núñez'];
    const list = names.map((n, i) => subject(String(i + 1), { 'Full Name': n, Teacher: 'Ms. Łukasiewicz' }));
    const def = layoutDefinitionSchema.parse({
      ...composite,
      unit: {
        ...composite.unit,
        boxes: [{ kind: 'text', x: 0, y: 0, width: 130, height: 20, template: '{Full Name}', size: 12 }],
      },
    });
    const pages = layoutPages(def, 'Sheet', list, { group_by: ['Teacher'], measure: approximateMeasure });
    const printed = texts(pages[0]!.boxes);
    expect(printed[0]).toBe('Ms. Łukasiewicz');
    expect(printed.slice(1).sort()).toEqual([...names].sort());
    // CJK counts as wide: three characters take about as much as five Latin ones
    expect(approximateMeasure('王小明', 10, 'normal')).toBeGreaterThan(
      approximateMeasure('Ivan', 10, 'normal'),
    );
  });
});

describe('sheets a school hangs up', () => {
  const composite = layoutDefinitionSchema.parse({
    page: letter,
    grid: { width: 7, height: 6, fit: 'group' },
    group_break: 'page',
    title: {
      lines: [
        { parts: ['{School}'], size: 16, weight: 'bold' },
        { parts: ['Grade {Grade}', '{Teacher}'], otherwise: '{group}', size: 22, weight: 'bold' },
        { parts: ['{Season}'], size: 12 },
      ],
    },
    unit: {
      width: 76,
      height: 104,
      boxes: [
        { kind: 'photo', x: 6, y: 4, width: 64, height: 80 },
        { kind: 'text', x: 0, y: 85, width: 76, height: 9.5, template: '{First Name}', size: 8 },
      ],
    },
  });
  const klass = (n: number, teacher: string, grade: string) =>
    Array.from({ length: n }, (_, i) =>
      subject(`${teacher}${i}`, {
        'First Name': `F${i}`,
        Teacher: teacher,
        Grade: grade,
        School: 'Elm',
        Season: 'Fall 2026',
      }),
    );

  test('a heading line keeps the parts the whole group shares, else its fallback', () => {
    const line = { parts: ['Grade {Grade}', '{Teacher}'], otherwise: '{group}' };
    expect(headingText(line, { Grade: '3', Teacher: 'Ms. Lee' })).toBe('Grade 3 · Ms. Lee');
    expect(headingText(line, { Grade: '3' })).toBe('Grade 3');
    expect(headingText(line, { group: 'Room 12' })).toBe('Room 12');
  });

  test('a composite is headed by school, class and season; a teacher shared by two grades is named alone', () => {
    const pages = layoutPages(
      composite,
      'Sheet',
      [
        ...klass(3, 'Ms. Lee', '3'),
        ...klass(2, 'Mr. Ortiz', 'K'),
        subject('x', { Teacher: 'Mr. Ortiz', Grade: '1', School: 'Elm' }),
      ],
      {
        group_by: ['Teacher'],
        sort_by: ['First Name'],
      },
    );
    const texts = (i: number) =>
      pages[i]!.boxes.filter((b): b is PlacedText => b.kind === 'text').map((b) => b.text);
    // Mr. Ortiz teaches K and 1, and one subject has no season: those parts and lines are left out.
    expect(texts(0).slice(0, 3)).toEqual(['Elm', 'Mr. Ortiz', 'F0']);
    expect(texts(0)).not.toContain('Fall 2026');
    expect(texts(1).slice(0, 3)).toEqual(['Elm', 'Grade 3 · Ms. Lee', 'Fall 2026']);
  });

  test("grouped by another field than the class's, a sheet is headed by that field's value, not the class its subjects share", () => {
    const pages = layoutPages(
      composite,
      'Sheet',
      klass(3, 'Ms. Lee', '3').map((s, i) => ({
        ...s,
        values: { ...s.values, 'Home Room': i < 2 ? '12A' : '12B' },
      })),
      { group_by: ['Home Room'], sort_by: ['First Name'] },
    );
    const texts = (i: number) =>
      pages[i]!.boxes.filter((b): b is PlacedText => b.kind === 'text').map((b) => b.text);
    expect(texts(0).slice(0, 2)).toEqual(['Elm', '12A']);
    expect(texts(1).slice(0, 2)).toEqual(['Elm', '12B']);
    expect(
      lineDescribesGroup({ parts: ['Grade {Grade}', '{Teacher}'], otherwise: '{group}' }, ['Grade']),
    ).toBe(true);
    expect(
      lineDescribesGroup({ parts: ['Grade {Grade}', '{Teacher}'], otherwise: '{group}' }, ['Notes']),
    ).toBe(false);
    // A line without a fallback (the school, the season) is printed whatever the grouping.
    expect(lineDescribesGroup({ parts: ['{School}'] }, ['Notes'])).toBe(true);
  });

  test('the grid is sized to the group: fewer subjects, bigger photos; a big group keeps the grid', () => {
    const photoWidth = (n: number) =>
      layoutPages(composite, 'Sheet', klass(n, 'Ms. Lee', '3'), { group_by: ['Teacher'] })[0]!.boxes.find(
        (b) => b.kind === 'photo',
      )!.width;
    expect(photoWidth(4)).toBeGreaterThan(photoWidth(14));
    expect(photoWidth(14)).toBeGreaterThan(photoWidth(30));
    expect(photoWidth(42)).toBeLessThan(66);
    expect(photoWidth(43)).toBe(64);
    expect(fitGrid(composite, 43, 540, 640)).toEqual({ columns: 7, rows: 6, scale: 1 });
    expect(
      layoutPages(composite, 'Sheet', klass(43, 'Ms. Lee', '3'), { group_by: ['Teacher'] }),
    ).toHaveLength(2);
  });

  test("a photo box carries the subject's name for its placeholder", () => {
    const [page] = layoutPages(composite, 'Sheet', [
      subject('1', { 'First Name': 'Nora', 'Last Name': 'Nakamura' }, null),
    ]);
    expect(page!.boxes.find((b) => b.kind === 'photo')).toMatchObject({
      photo_id: null,
      label: 'Nora Nakamura',
    });
  });
});
