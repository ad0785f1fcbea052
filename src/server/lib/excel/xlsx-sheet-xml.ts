/**
 * The SpreadsheetML parts an import reads, parsed with saxes as they inflate: the worksheet's rows
 * (streamed), the shared strings table and the few attributes of the workbook and its
 * relationships. Cell values are the cached ones, without styles: numbers stay numbers (date
 * columns convert serials, see xlsx-sheet-reader.ts), text is text, booleans are booleans, a
 * formula gives its cached result, an error value is no value.
 */
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { ImportLimitError, MAX_COLUMNS, MAX_SHARED_STRINGS } from './import-limits.ts';
import type { RawRow } from './xlsx-sheet-reader.ts';

type Attributes = Record<string, string>;

interface Handlers {
  open?(name: string, attributes: Attributes): void;
  close?(name: string): void;
  text?(text: string): void;
  /** nothing more is wanted from the part: stop reading it */
  done?(): boolean;
}

/** An element's name without its namespace prefix (`x:row` → `row`). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function parser(handlers: Handlers): SaxesParser {
  const p = new SaxesParser({ position: false });
  const { open, close, text } = handlers;
  if (open) p.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Attributes));
  if (close) p.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    p.on('text', text);
    p.on('cdata', text);
  }
  return p;
}

/**
 * Parse XML text chunks; after each chunk, yield what the handlers queued in `out`, until the
 * handlers are `done` (the rest of the part is then not inflated) or the text ends. Malformed XML
 * (and entities it does not define: no DTD is expanded) throws.
 */
async function* parseXml<T>(chunks: AsyncIterable<string>, handlers: Handlers, out: T[]): AsyncGenerator<T> {
  const p = parser(handlers);
  for await (const chunk of chunks) {
    p.write(chunk);
    if (out.length) yield* out.splice(0);
    if (handlers.done?.()) return;
  }
  p.close();
  yield* out.splice(0);
}

/** `_x000D_` and the like: characters XML cannot hold, as Excel escapes them in strings. */
const unescapeOoxml = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : s;

/** The column number (A = 1) of a cell reference such as `AB12`. */
function columnOf(ref: string): number {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(ref)?.[1];
  if (!letters) throw new Error(`bad cell reference ${ref}`);
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + ch.charCodeAt(0) - 64;
  return col;
}

function rowNumberOf(r: string): number {
  const n = Number(r);
  if (!Number.isInteger(n) || n < 1) throw new Error(`bad row number ${r}`);
  return n;
}

/** The cached value of a cell of type `t` (`<v>` text, `<is>` text). */
function cellValue(t: string, v: string | undefined, inline: string | undefined, strings: string[]): unknown {
  switch (t) {
    case 's': {
      if (v === undefined) return undefined;
      const i = Number(v);
      // an index past the table is a broken file, not an empty cell
      if (!Number.isInteger(i) || i < 0 || i >= strings.length) throw new Error(`no shared string ${v}`);
      return strings[i];
    }
    case 'inlineStr':
      return inline === undefined ? v : unescapeOoxml(inline);
    case 'str': // a formula's text result
    case 'd': // ISO 8601 date text
      return v === undefined ? undefined : unescapeOoxml(v);
    case 'b':
      return v === undefined ? undefined : Number(v) !== 0;
    case 'e':
      return undefined;
    default: {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      return Number.isFinite(n) ? n : undefined;
    }
  }
}

/**
 * The rows of a worksheet part, as they are parsed: 1-based row number and values by 1-based
 * column. Rows without any value are skipped. Missing `r` attributes count on from the previous
 * row or cell. The reading stops at the end of `<sheetData>` (merged cells, print settings and
 * the like after it are not needed).
 */
export function worksheetRows(chunks: AsyncIterable<string>, strings: string[]): AsyncGenerator<RawRow> {
  const out: RawRow[] = [];
  let rowNumber = 0;
  let values: unknown[] | undefined;
  let filled = false;
  let col = 0;
  let cell: { t: string; v?: string; inline?: string } | undefined;
  let capture: 'v' | 't' | undefined;
  let inInline = false;
  let phonetic = 0;
  let ended = false;
  return parseXml(
    chunks,
    {
      done: () => ended,
      open(name, a) {
        if (name === 'row') {
          rowNumber = a.r === undefined ? rowNumber + 1 : rowNumberOf(a.r);
          values = [];
          filled = false;
          col = 0;
        } else if (name === 'c' && values) {
          col = a.r === undefined ? col + 1 : columnOf(a.r);
          if (col > MAX_COLUMNS) throw new Error('cell past the last column');
          cell = { t: a.t ?? 'n' };
        } else if (!cell) return;
        else if (name === 'v') {
          capture = 'v';
          cell.v = '';
        } else if (name === 'is') {
          inInline = true;
          cell.inline = '';
        } else if (name === 'rPh') phonetic++;
        else if (name === 't' && inInline && !phonetic) capture = 't';
      },
      text(text) {
        if (capture === 'v') cell!.v += text;
        else if (capture === 't') cell!.inline += text;
      },
      close(name) {
        if (name === 'v' || name === 't') capture = undefined;
        else if (name === 'rPh') phonetic--;
        else if (name === 'is') inInline = false;
        else if (name === 'c' && cell) {
          const value = cellValue(cell.t, cell.v, cell.inline, strings);
          if (value !== undefined) {
            values![col] = value;
            filled = true;
          }
          cell = undefined;
        } else if (name === 'row') {
          if (values && filled) out.push({ row: rowNumber, values });
          values = undefined;
        } else if (name === 'sheetData') ended = true;
      },
    },
    out,
  );
}

/** The shared strings table: each item's text (rich text runs joined, phonetic runs left out). */
export async function sharedStrings(chunks: AsyncIterable<string>): Promise<string[]> {
  const strings: string[] = [];
  let item: string | undefined;
  let capture = false;
  let phonetic = 0;
  const handlers: Handlers = {
    open(name) {
      if (name === 'si') item = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && item !== undefined && !phonetic) capture = true;
    },
    text(text) {
      if (capture) item += text;
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && item !== undefined) {
        if (strings.length >= MAX_SHARED_STRINGS) throw new ImportLimitError('tooBig');
        strings.push(unescapeOoxml(item));
        item = undefined;
      }
    },
  };
  for await (const _ of parseXml<never>(chunks, handlers, [])) void _;
  return strings;
}

/** The attributes of every element named `name` (any prefix) in a small part's text. */
function elements(text: string, name: string): Attributes[] {
  const out: Attributes[] = [];
  parser({ open: (n, a) => n === name && out.push(a) })
    .write(text)
    .close();
  return out;
}

/** An attribute by its local name, whatever its prefix (`r:id`). */
const attribute = (a: Attributes, name: string): string | undefined =>
  Object.entries(a).find(([k]) => localName(k) === name)?.[1];

/** What the workbook part and its relationships say: the date system and where the parts are. */
export interface WorkbookInfo {
  /** date serials count from 1904 (`<workbookPr date1904="1"/>`, as Excel for Mac wrote them) */
  date1904: boolean;
  /** archive path of the first worksheet in tab order, when the relationships name it */
  firstSheet?: string;
  /** archive path of the shared strings part, when the relationships name it */
  sharedStrings?: string;
}

/** Read `xl/workbook.xml` and `xl/_rels/workbook.xml.rels` (either may be empty text). */
export function workbookInfo(book: string, rels: string): WorkbookInfo {
  const flag = book ? elements(book, 'workbookPr')[0]?.date1904 : undefined;
  const relations = rels ? elements(rels, 'Relationship') : [];
  /** a relationship's target as an archive path (targets are relative to xl/) */
  const target = (rel: Attributes | undefined) => {
    const t = rel?.Target;
    if (!t) return undefined;
    return t.startsWith('/') ? t.slice(1) : path.posix.join('xl', t);
  };
  const sheetId = book ? attribute(elements(book, 'sheet')[0] ?? {}, 'id') : undefined;
  return {
    date1904: flag === '1' || flag === 'true',
    firstSheet: sheetId ? target(relations.find((r) => r.Id === sheetId)) : undefined,
    sharedStrings: target(relations.find((r) => r.Type?.endsWith('/sharedStrings'))),
  };
}
