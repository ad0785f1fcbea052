import { describe, expect, it } from 'vitest';
import {
  csvField,
  formatCsv,
  formatJson,
  formatTable,
  renderResult,
  textWidth,
} from '../../../commands/core/format.ts';
import { truncateText } from '../../../commands/core/text-width.ts';
import type { TableResult } from '../../../commands/core/types.ts';

const table: TableResult = {
  columns: [
    { key: 'username', title: '账号' },
    { key: 'realname', title: '姓名' },
    { key: 'age', title: 'Age' },
  ],
  rows: [
    { username: 'alice', realname: '爱丽丝', age: 30 },
    { username: '王小明', realname: 'Bob', age: 7 },
    { username: 'x', realname: null, age: 100 },
  ],
};

describe('textWidth', () => {
  it('counts East Asian wide characters as two columns', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('张三')).toBe(4);
    expect(textWidth('张三abc')).toBe(7);
    expect(textWidth('，。（）')).toBe(8);
    expect(textWidth('한국')).toBe(4);
    expect(textWidth('ｆｕｌｌ')).toBe(8);
    expect(textWidth('😀')).toBe(2);
    expect(textWidth('𠀋')).toBe(2);
    expect(textWidth('é')).toBe(1);
    expect(textWidth('\u200b')).toBe(0);
  });

  it('truncates by columns with an ellipsis', () => {
    expect(truncateText('张三李四', 5)).toBe('张三…');
    expect(truncateText('abcdef', 4)).toBe('abc…');
    expect(truncateText('短', 4)).toBe('短');
  });
});

describe('formatTable', () => {
  it('aligns columns by display width, numbers to the right', () => {
    expect(formatTable(table)).toEqual([
      '账号    姓名    Age',
      '──────  ──────  ───',
      'alice   爱丽丝   30',
      '王小明  Bob       7',
      'x               100',
    ]);
  });

  it('gives every line the same column offsets on screen', () => {
    const lines = formatTable(table);
    const secondColumnAt = (line: string) => textWidth(line.slice(0, line.search(/\s{2}\S/) + 2));
    expect(new Set(lines.slice(2, 4).map(secondColumnAt))).toEqual(new Set([8]));
  });

  it('cuts long cells and flattens line breaks', () => {
    const lines = formatTable(
      { columns: [{ key: 'a', title: '备注' }], rows: [{ a: '第一行\n第二行很长很长' }] },
      { maxColumnWidth: 10 },
    );
    expect(lines).toEqual(['备注', '──────────', '第一行 第…']);
  });
});

describe('CSV and JSON', () => {
  it('quotes fields per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('writes a header and CRLF-separated rows', () => {
    expect(formatCsv(table)).toBe('账号,姓名,Age\r\nalice,爱丽丝,30\r\n王小明,Bob,7\r\nx,,100');
    expect(formatCsv({ columns: [{ key: 'n', title: '名' }], rows: [{ n: '张,三' }] }, 'key')).toBe(
      'n\r\n"张,三"',
    );
  });

  it('writes table rows as JSON keyed by column', () => {
    expect(JSON.parse(formatJson(table))).toEqual([
      { username: 'alice', realname: '爱丽丝', age: 30 },
      { username: '王小明', realname: 'Bob', age: 7 },
      { username: 'x', realname: null, age: 100 },
    ]);
  });

  it('renders a result with only records or only a message', () => {
    expect(renderResult({ records: [{ id: 1, name: '甲' }] })).toEqual(['id  name', '──  ────', ' 1  甲']);
    expect(renderResult({ message: '完成\n共 2 条' })).toEqual(['完成', '共 2 条']);
    expect(renderResult({ message: '完成' }, 'csv')).toEqual(['完成']);
  });
});

describe('column formats', () => {
  it('shows money with thousands separators (right-aligned), percentages and rich text as text', () => {
    const t: TableResult = {
      columns: [
        { key: 'name', title: '项目' },
        { key: 'price', title: '价格', format: 'money' },
        { key: 'ratio', title: '分成', format: 'percent' },
        { key: 'intro', title: '介绍', format: 'html' },
      ],
      rows: [
        {
          name: '全身推拿',
          price: '1234567.5',
          ratio: '12.50',
          intro: '<p>舒缓<b>肩颈</b></p><p>&amp;放松</p>',
        },
        { name: '足疗', price: '98', ratio: '8', intro: null },
      ],
    };
    const lines = formatTable(t);
    expect(lines[2]).toMatch(/^全身推拿\s+1,234,567\.50\s+12\.5%\s+舒缓肩颈 &放松$/);
    // right-aligned: the short amount ends where the long one does
    const endOf = (line: string, text: string) => textWidth(line.slice(0, line.indexOf(text) + text.length));
    expect(endOf(lines[3]!, '98.00')).toBe(endOf(lines[2]!, '1,234,567.50'));
    // machine output keeps the values
    expect(formatCsv(t).split('\r\n')[1]).toContain('1234567.5');
    expect(formatJson(t)).toContain('"price": "1234567.5"');
  });
});

describe('money and number columns (spec §9)', () => {
  const priced: TableResult = {
    columns: [
      { key: 'name', title: '项目' },
      { key: 'price', title: '价格(元)', format: 'money' },
      { key: 'km', title: '公里', format: 'number' },
    ],
    rows: [
      { name: '推拿', price: '1234567.5', km: '12345.25' },
      { name: '足疗', price: '88', km: 9 },
    ],
  };

  it('shows thousands separators in text, right-aligned', () => {
    const lines = formatTable(priced);
    expect(lines[2]).toMatch(/推拿\s+1,234,567\.50\s+12,345\.25$/);
    expect(lines[3]).toMatch(/足疗\s+88\.00\s+9$/);
    expect(lines[3]!.indexOf('88.00') + '88.00'.length).toBe(lines[2]!.indexOf('1,234,567.50') + 12);
  });

  it('keeps the values as they are in CSV and JSON', () => {
    expect(formatCsv(priced).split('\r\n')[1]).toBe('推拿,1234567.5,12345.25');
    expect(JSON.parse(formatJson(priced))[0].price).toBe('1234567.5');
  });
});
