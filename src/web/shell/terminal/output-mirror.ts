import { stripAnsi } from './ansi.ts';

/**
 * Plain text of the last lines written to xterm, for the hidden `terminal-output` element that
 * browser tests and screen readers read. A lone `\r` restarts the current line (the terminal only
 * writes `\r` before redrawing a whole line, e.g. the progress bar).
 */
export class OutputMirror {
  private lines: string[] = [''];

  constructor(private readonly max = 200) {}

  write(data: string): void {
    const parts = stripAnsi(data).split(/\r?\n/);
    parts.forEach((part, i) => {
      if (i > 0) this.lines.push('');
      const carriage = part.lastIndexOf('\r');
      const last = this.lines.length - 1;
      this.lines[last] = carriage >= 0 ? part.slice(carriage + 1) : this.lines[last] + part;
    });
    // keep `max` complete lines plus the line being written
    if (this.lines.length > this.max + 1) this.lines.splice(0, this.lines.length - this.max - 1);
  }

  clear(): void {
    this.lines = [''];
  }

  /** The lines joined with `\n`, without the empty line after the last line break. */
  text(): string {
    const end = this.lines[this.lines.length - 1] === '' ? -1 : undefined;
    return this.lines.slice(0, end).join('\n');
  }
}
