import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { writeXlsx, type XlsxColumn, type XlsxRow } from '../../src/server/lib/xlsx-export.ts';
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
