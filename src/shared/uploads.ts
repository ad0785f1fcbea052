import { PERM, type PermissionCode } from './permissions.ts';
import { RESOURCES } from './resources/index.ts';
import type { Resource } from './resources/define.ts';

/**
 * Who may read an uploaded file besides the person who uploaded it, by the upload's area (the
 * first segment of its stored path, the `biz` field of POST /sys/common/upload): holders of the
 * permission of the screen that shows such files. Areas not listed here (`temp` uploads, import
 * error files, imports in progress) are readable by their uploader only.
 */
export const UPLOAD_AREA_READERS: Readonly<Record<string, PermissionCode>> = {
  /** pictures of user records (avatars): whoever may see the user list */
  user: PERM.user.list,
  /** banner pictures */
  banner: PERM.banner.list,
  /** pictures of the mall's goods */
  goods: PERM.goods.list,
  /** customers' avatars */
  customer: PERM.customer.list,
  /** partners' business licences */
  partner: PERM.partner.list,
  /** pictures of service projects */
  project: PERM.project.list,
  /** technicians' avatars and photos */
  technician: PERM.technician.list,
  /** 文件管理 (/sys/oss/file): whoever may download its files */
  oss: PERM.ossFile.download,
};

/**
 * Areas that take files only through their own screen's upload (`/sys/oss/file/upload`, which
 * checks its permission), never through the general POST /sys/common/upload.
 */
export const RESERVED_UPLOAD_AREAS: readonly string[] = ['oss'];

/** The permission that lets others read a stored path, or undefined (uploader only). */
export function uploadReaders(storedPath: string): PermissionCode | undefined {
  const area = storedPath.split('/')[0] ?? '';
  return Object.hasOwn(UPLOAD_AREA_READERS, area) ? UPLOAD_AREA_READERS[area] : undefined;
}

/**
 * Areas holding pictures only: the upload area of every declared `image`/`images` field (and of
 * its resource's sub tables), and `user` (avatars). POST /sys/common/upload stores nothing else
 * there, whatever the client's file picker let through.
 */
export const IMAGE_UPLOAD_AREAS: ReadonlySet<string> = new Set([
  'user',
  ...(Object.values(RESOURCES) as readonly Resource[])
    .flatMap((r) => [r.decl, ...(r.decl.children ?? []).map((c) => c.resource.decl)])
    .flatMap((d) => d.fields)
    .filter((f) => (f.type === 'image' || f.type === 'images') && f.upload)
    .map((f) => f.upload!.area),
]);

/** Whether a stored path or `biz` (`banner`, `banner/2026`) is in an area holding pictures only. */
export const picturesOnly = (bizOrPath: string): boolean =>
  IMAGE_UPLOAD_AREAS.has(bizOrPath.split('/')[0] ?? '');
