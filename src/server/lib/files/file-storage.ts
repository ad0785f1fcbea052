import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by their stored path (`<area>/<day>/<id>.<ext>`). The rows that say
 * who uploaded what are in sys_upload; a store only keeps the bytes. Local disk is the default
 * (UPLOAD_DIR); another store (an object store) implements the same calls.
 */
export interface FileStorage {
  /** write a new file; refuses to overwrite one */
  put(rel: string, content: Buffer): Promise<void>;
  /** the file's bytes as a stream, or null when it is not there */
  open(rel: string): Promise<Readable | null>;
  /** the whole file, or null when it is not there */
  read(rel: string): Promise<Buffer | null>;
  /** remove a file; a missing one is not an error */
  remove(rel: string): Promise<void>;
  /** whether the file is there */
  exists(rel: string): Promise<boolean>;
}

/** Files under one directory outside the web root; a path leaving it is never touched. */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  /** The absolute path of a stored path, or null when it would leave the root. */
  private abs(rel: string): string | null {
    const abs = path.resolve(this.root, rel);
    return abs.startsWith(this.root + path.sep) ? abs : null;
  }

  async put(rel: string, content: Buffer): Promise<void> {
    const abs = this.abs(rel);
    if (!abs) throw new Error(`stored path outside the upload directory: ${rel}`);
    await fs.promises.mkdir(path.dirname(abs), { recursive: true });
    await fs.promises.writeFile(abs, content, { flag: 'wx' });
  }

  async open(rel: string): Promise<Readable | null> {
    const abs = this.abs(rel);
    if (!abs || !(await this.exists(rel))) return null;
    return fs.createReadStream(abs);
  }

  async read(rel: string): Promise<Buffer | null> {
    const abs = this.abs(rel);
    if (!abs || !(await this.exists(rel))) return null;
    return fs.promises.readFile(abs);
  }

  async remove(rel: string): Promise<void> {
    const abs = this.abs(rel);
    if (abs) await fs.promises.rm(abs, { force: true });
  }

  async exists(rel: string): Promise<boolean> {
    const abs = this.abs(rel);
    if (!abs) return false;
    return fs.promises.stat(abs).then(
      (s) => s.isFile(),
      () => false,
    );
  }
}
