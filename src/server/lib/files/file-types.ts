/**
 * Upload types accepted, checked by content (magic numbers), not by the name the client sent.
 * Office OOXML files are zip archives; legacy .xls/.doc are OLE compound files.
 */
export interface FileType {
  ext: string;
  mime: string;
  /** shown inline (images, pdf); everything else downloads as an attachment */
  inline: boolean;
  magic: (head: Buffer) => boolean;
}

const starts =
  (sig: number[], offset = 0) =>
  (b: Buffer) =>
    sig.every((byte, i) => b[offset + i] === byte);
const ZIP = starts([0x50, 0x4b, 0x03, 0x04]);
const OLE = starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Plain text: no NUL bytes and valid UTF-8 in the sampled head (its last 3 bytes may cut a character). */
const TEXT = (b: Buffer) =>
  !b.includes(0) &&
  !b
    .subarray(0, Math.max(0, b.length - 3))
    .toString('utf8')
    .includes('\uFFFD');

export const FILE_TYPES: readonly FileType[] = [
  {
    ext: 'png',
    mime: 'image/png',
    inline: true,
    magic: starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { ext: 'jpg', mime: 'image/jpeg', inline: true, magic: starts([0xff, 0xd8, 0xff]) },
  { ext: 'jpeg', mime: 'image/jpeg', inline: true, magic: starts([0xff, 0xd8, 0xff]) },
  { ext: 'gif', mime: 'image/gif', inline: true, magic: starts([0x47, 0x49, 0x46, 0x38]) },
  {
    ext: 'webp',
    mime: 'image/webp',
    inline: true,
    magic: (b) => starts([0x52, 0x49, 0x46, 0x46])(b) && starts([0x57, 0x45, 0x42, 0x50], 8)(b),
  },
  { ext: 'pdf', mime: 'application/pdf', inline: true, magic: starts([0x25, 0x50, 0x44, 0x46]) },
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    magic: ZIP,
  },
  {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    magic: ZIP,
  },
  { ext: 'zip', mime: 'application/zip', inline: false, magic: ZIP },
  { ext: 'xls', mime: 'application/vnd.ms-excel', inline: false, magic: OLE },
  { ext: 'doc', mime: 'application/msword', inline: false, magic: OLE },
  { ext: 'txt', mime: 'text/plain; charset=utf-8', inline: false, magic: TEXT },
  { ext: 'csv', mime: 'text/csv; charset=utf-8', inline: false, magic: TEXT },
];

/** The image types (what an area of pictures takes). */
export const IMAGE_TYPES: readonly FileType[] = FILE_TYPES.filter((t) => t.mime.startsWith('image/'));

/** The accepted type for a file name and its first bytes, or undefined when they disagree. */
export function detectType(fileName: string, head: Buffer): FileType | undefined {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return FILE_TYPES.find((t) => t.ext === ext && t.magic(head));
}
