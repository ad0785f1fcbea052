import { describe, expect, it } from 'vitest';
import { parseTsv, pasteTargets, toTsv } from '../../../src/web/components/data-grid/tsv.ts';

describe('clipboard TSV', () => {
  it('parses what Excel copies: tabs, CRLF rows, trailing newline', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('一\t二\n三\t四')).toEqual([
      ['一', '二'],
      ['三', '四'],
    ]);
  });

  it('keeps empty cells and quoted cells with tabs, newlines and quotes', () => {
    expect(parseTsv('a\t\tc')).toEqual([['a', '', 'c']]);
    expect(parseTsv('"x\ty"\t"line1\nline2"\t"say ""hi"""\r\n')).toEqual([
      ['x\ty', 'line1\nline2', 'say "hi"'],
    ]);
    expect(parseTsv('5"\t6')).toEqual([['5"', '6']]);
  });

  it('round-trips through toTsv', () => {
    const m = [
      ['普通', 'tab\there', 'new\nline'],
      ['"q"', '', '12.50'],
    ];
    expect(parseTsv(toTsv(m))).toEqual(m);
    expect(toTsv([[null, undefined, 0]])).toBe('\t\t0');
  });

  it('places a pasted block from the active cell, clipped to the grid', () => {
    const cells = pasteTargets(
      [
        ['1', '2'],
        ['3', '4'],
      ],
      { row: 4, col: 2 },
      { rows: 5, cols: 3 },
    );
    expect(cells).toEqual([{ row: 4, col: 2, value: '1' }]);
  });

  it('repeats a block over a selection it divides evenly', () => {
    const cells = pasteTargets([['x']], { row: 0, col: 0 }, { rows: 10, cols: 10 }, { rows: 2, cols: 3 });
    expect(cells).toHaveLength(6);
    expect(new Set(cells.map((c) => c.value))).toEqual(new Set(['x']));
    const uneven = pasteTargets(
      [['a', 'b']],
      { row: 0, col: 0 },
      { rows: 10, cols: 10 },
      { rows: 1, cols: 3 },
    );
    expect(uneven.map((c) => c.value)).toEqual(['a', 'b']);
  });
});
