/**
 * The zip container of an uploaded .xlsx, read with yauzl from memory, under the caps of
 * import-limits.ts. yauzl reads the central directory and checks while inflating that an entry
 * yields exactly the size it declares (`validateEntrySizes`), so a declared size is a bound. An
 * entry is refused BEFORE inflating when its declared size passes its cap or the request's budget,
 * and the inflated bytes are counted again while streaming (stopped one chunk past the cap), in
 * case a declared size ever goes unchecked.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import { ImportLimitError, MAX_ZIP_ENTRIES, type ImportBudget } from './import-limits.ts';

/** An opened archive: its file entries by name. */
export interface ZipArchive {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

/**
 * Open the archive in `content` and list its file entries. Rejects (yauzl's errors) when it is not
 * a well-formed zip, and with ImportLimitError when it has more than MAX_ZIP_ENTRIES entries.
 */
export async function openZip(content: Buffer): Promise<ZipArchive> {
  const zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true });
  if (zip.entryCount > MAX_ZIP_ENTRIES) throw new ImportLimitError('tooBig');
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry())
    if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
  return { zip, entries };
}

/**
 * Check the declared sizes of entries about to be read against their caps, then reserve them from
 * the request's budget: ImportLimitError before anything is inflated.
 */
export function reserveEntries(
  parts: Array<{ entry: yauzl.Entry; cap: number }>,
  budget: ImportBudget,
): void {
  for (const { entry, cap } of parts) if (entry.uncompressedSize > cap) throw new ImportLimitError('tooBig');
  budget.reserve(parts.reduce((n, p) => n + p.entry.uncompressedSize, 0));
}

/**
 * The chunks of `stream`, counted into `budget.consumed`; ImportLimitError('tooBig') as soon as
 * more than `cap` bytes came (the chunk that passed it is counted, not passed on). The stream is
 * destroyed however the reading ends.
 */
export async function* cappedChunks(
  stream: Readable,
  cap: number,
  budget: ImportBudget,
): AsyncGenerator<Buffer> {
  let count = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      count += chunk.length;
      budget.consumed += chunk.length;
      if (count > cap) throw new ImportLimitError('tooBig');
      yield chunk;
    }
  } finally {
    stream.destroy();
  }
}

/**
 * An entry's inflated content as UTF-8 text (decoded across chunk boundaries), at most `cap`
 * bytes. Reserve the entry first (`reserveEntries`).
 */
export async function* entryText(
  archive: ZipArchive,
  entry: yauzl.Entry,
  cap: number,
  budget: ImportBudget,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const stream = await archive.zip.openReadStreamPromise(entry);
  for await (const chunk of cappedChunks(stream, cap, budget)) {
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** A small entry's whole text (workbook.xml, relationships). */
export async function entryWholeText(
  archive: ZipArchive,
  entry: yauzl.Entry,
  cap: number,
  budget: ImportBudget,
): Promise<string> {
  let out = '';
  for await (const text of entryText(archive, entry, cap, budget)) out += text;
  return out;
}
