import { describe, expect, it } from 'vitest';
import { copyText, planPaste } from '../../../src/web/components/data-grid/spreadsheet/clipboard-plan.ts';
import { parseTsv } from '../../../src/web/components/data-grid/tsv.ts';
import { valueText } from '../../../src/web/components/data-grid/spreadsheet/grid-access.ts';

const all = () => true;

describe('spreadsheet clipboard plan', () => {
  it('copies a rectangle as Excel TSV', () => {
    const text = copyText({ top: 1, bottom: 2, left: 0, right: 1 }, (r, c) => `${r}:${c}`);
    expect(text).toBe('1:0\t1:1\r\n2:0\t2:1');
    const tricky = copyText({ top: 0, bottom: 0, left: 0, right: 1 }, (_r, c) => (c ? 'a\tb' : '说"明"'));
    expect(parseTsv(tricky)).toEqual([['说"明"', 'a\tb']]);
  });

  it('pastes a 2×2 block from the top-left of a single-cell selection', () => {
    const plan = planPaste(
      '1\t2\r\n3\t4\r\n',
      { top: 1, bottom: 1, left: 1, right: 1 },
      { rows: 5, cols: 5 },
      all,
    );
    expect(plan.writes).toEqual([
      { row: 1, colIndex: 1, text: '1' },
      { row: 1, colIndex: 2, text: '2' },
      { row: 2, colIndex: 1, text: '3' },
      { row: 2, colIndex: 2, text: '4' },
    ]);
    expect(plan.skipped).toBe(0);
    expect(plan.clipped).toBe(0);
  });

  it('fills a selection the block divides evenly', () => {
    const plan = planPaste('x', { top: 0, bottom: 1, left: 0, right: 2 }, { rows: 5, cols: 5 }, all);
    expect(plan.writes).toHaveLength(6);
    expect(plan.writes.every((w) => w.text === 'x')).toBe(true);
  });

  it('skips cells that are not editable and reports what falls outside the grid', () => {
    const plan = planPaste(
      'a\tb\tc\r\nd\te\tf',
      { top: 2, bottom: 2, left: 0, right: 0 },
      { rows: 3, cols: 2 },
      (_row, col) => col !== 1,
    );
    expect(plan.writes).toEqual([{ row: 2, colIndex: 0, text: 'a' }]);
    expect(plan.skipped).toBe(1);
    expect(plan.clipped).toBe(4);
  });

  it('plans nothing for empty clipboard text', () => {
    expect(planPaste('', { top: 0, bottom: 0, left: 0, right: 0 }, { rows: 1, cols: 1 }, all)).toEqual({
      writes: [],
      skipped: 0,
      clipped: 0,
    });
  });

  it('turns cell values into clipboard text: lists joined, files by path', () => {
    expect(valueText(null)).toBe('');
    expect(valueText(0)).toBe('0');
    expect(valueText(['cy', 'hd'])).toBe('cy,hd');
    expect(valueText([{ name: 'a.png', path: 'temp/a.png' }, { path: 'temp/b.png' }])).toBe(
      'temp/a.png,temp/b.png',
    );
    expect(valueText({ value: 'Y' })).toBe('Y');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
