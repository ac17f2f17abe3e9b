import { describe, expect, test } from 'vitest';
import { CUT_MARK, cutMarks, type LayoutPage, layoutDefinitionSchema, layoutPages } from '../src/index.js';

/** Cut marks: outside each unit's corners, in line with its edges, never onto another unit. */
const page = (cuts: LayoutPage['cuts']): LayoutPage => ({ width: 612, height: 792, boxes: [], cuts });

describe('cutMarks', () => {
  test('a lone unit: two marks at each corner, each starting 2 pt out and 9 pt long', () => {
    const marks = cutMarks(page([{ x: 100, y: 100, width: 200, height: 100 }]));
    expect(marks).toHaveLength(8);
    const { offset, length } = CUT_MARK;
    // The top-left corner: leftwards along the top edge, upwards along the left edge.
    expect(marks).toContainEqual([100 - offset, 100, 100 - offset - length, 100]);
    expect(marks).toContainEqual([100, 100 - offset, 100, 100 - offset - length]);
    // The bottom-right corner: rightwards along the bottom edge, downwards along the right edge.
    expect(marks).toContainEqual([300 + offset, 200, 300 + offset + length, 200]);
    expect(marks).toContainEqual([300, 200 + offset, 300, 200 + offset + length]);
  });

  test('neighbours 10 pt apart share the gap: each mark stops at its middle', () => {
    const marks = cutMarks(
      page([
        { x: 100, y: 100, width: 100, height: 100 },
        { x: 210, y: 100, width: 100, height: 100 },
      ]),
    );
    expect(marks).toContainEqual([202, 100, 205, 100]);
    expect(marks).toContainEqual([208, 100, 205, 100]);
  });

  test('units that touch get no mark between them; a unit at the page edge none beyond it', () => {
    const marks = cutMarks(
      page([
        { x: 0, y: 100, width: 100, height: 100 },
        { x: 100, y: 100, width: 100, height: 100 },
      ]),
    );
    const horizontal = marks.filter(([, y1, , y2]) => y1 === y2);
    expect(horizontal.filter(([x1]) => x1 < 0 || (x1 > 95 && x1 < 105))).toEqual([]);
  });

  test('the engine lists the units it placed only when the layout asks for cut marks', () => {
    const definition = {
      page: { width: 612, height: 792 },
      grid: { width: 2, height: 4 },
      unit: {
        width: 252,
        height: 162,
        boxes: [{ kind: 'static', x: 0, y: 0, width: 100, height: 20, text: 'x', size: 10 }],
      },
    };
    const subjects = [1, 2, 3].map((i) => ({
      id: `${i}`,
      values: {},
      photos: { primary: null, latest: null },
    }));
    const withMarks = layoutPages(
      layoutDefinitionSchema.parse({ ...definition, cut_marks: true }),
      'Basic',
      subjects,
    );
    expect(withMarks[0]!.cuts).toEqual([
      { x: 45, y: 45, width: 252, height: 162 },
      { x: 315, y: 45, width: 252, height: 162 },
      { x: 45, y: 225, width: 252, height: 162 },
    ]);
    const without = layoutPages(layoutDefinitionSchema.parse(definition), 'Basic', subjects);
    expect(without[0]!.cuts).toBeUndefined();
    expect(cutMarks(without[0]!)).toEqual([]);
  });
});
