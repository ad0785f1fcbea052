import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { writeXlsx, type XlsxColumn, type XlsxRow } from '../../src/server/lib/excel/xlsx-export.ts';
import { BASE, type TestApp } from '../support/app.ts';

/** A workbook laid out like our own exports (title, 导出人, header), written by the exporter itself. */
export async function exportLayout(columns: XlsxColumn[], rows: XlsxRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  async function* once() {
    yield rows;
  }
  await writeXlsx(out, { title: '用户列表数据', exporter: '管理员', columns, rows: once() });
  await ended;
  return Buffer.concat(chunks);
}

/** A plain in-memory workbook: the given rows from A1 (header wherever the caller puts it). */
export async function plainWorkbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = '----care' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST multipart to an API path; returns the parsed Result. */
export async function postParts(t: TestApp, url: string, token: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  const r = await t.app.inject({
    method: 'POST',
    url: `${BASE}${url}`,
    payload,
    headers: { ...headers, 'x-access-token': token },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  return { status: r.statusCode, body: r.json() as any };
}

/** The import payload fields of spec §3 as the dialog sends them. */
export const PAYLOAD: Part[] = [
  { name: 'isSingleTableImport', value: 'true' },
  { name: 'foreignKeys', value: '' },
  { name: 'validateStatus', value: '0' },
];

/** One part of a hand-assembled zip: deflated bytes, true size and CRC, and the size its headers state. */
export interface ZipPart {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  /** the uncompressed size written in the headers (default: the true size) */
  declaredSize?: number;
}

/**
 * A part holding `head`, `body` repeated `times`, then `tail`, deflated without being built whole:
 * `body` is deflated once into self-contained, byte-aligned blocks (a full flush) that are
 * repeated, so hundreds of MiB of XML take a few hundred KiB, as in a zip bomb.
 */
export function zipPart(name: string, head: string, body = '', times = 0, tail = ''): ZipPart {
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const [h, b, t] = [head, body, tail].map((x) => Buffer.from(x)) as [Buffer, Buffer, Buffer];
  const block = zlib.deflateRawSync(b, full);
  let crc = zlib.crc32(h);
  for (let i = 0; i < times; i++) crc = zlib.crc32(b, crc);
  crc = zlib.crc32(t, crc);
  return {
    name,
    deflated: Buffer.concat([
      zlib.deflateRawSync(h, full),
      ...Array.from({ length: times }, () => block),
      zlib.deflateRawSync(t),
    ]),
    size: h.length + b.length * times + t.length,
    crc,
  };
}

/** A zip archive of `parts` (deflated, no data descriptors), headers stating each part's declared size. */
export function zipArchive(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(p.declaredSize ?? p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(p.declaredSize ?? p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, p.deflated);
    directory.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An inline-string row of a hand-written sheet. */
export const sheetRow = (r: number, texts: string[]) =>
  `<row r="${r}">${texts
    .map((t, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${t}</t></is></c>`)
    .join('')}</row>`;

/**
 * A minimal .xlsx (content types, workbook, its relationships, one sheet) whose sheet is `sheet`:
 * a part from `zipPart('xl/worksheets/sheet1.xml', …)`, usually with its start in `head`.
 */
export function handMadeXlsx(sheet: ZipPart): Buffer {
  const text = (name: string, xml: string) => zipPart(name, `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  return zipArchive([
    text(
      '[Content_Types].xml',
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    text(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ]);
}

/** The start of a worksheet part, up to and including `<sheetData>`. */
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="${MAIN_NS}"><sheetData>`;
