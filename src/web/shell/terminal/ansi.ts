/**
 * ANSI helpers of the terminal: colours for xterm, stripping escape sequences for the plain-text
 * mirror, and the text of a progress bar redrawn in place.
 */
import { truncateText } from '../../../../commands/core/text-width.ts';
import type { Progress } from '../../../../commands/core/types.ts';

const CODES = {
  red: '31',
  green: '32',
  yellow: '33',
  blue: '34',
  cyan: '36',
  dim: '2',
  bold: '1',
} as const;

export type Color = keyof typeof CODES;

/** Wraps `text` in an SGR colour and a reset. */
export function paint(color: Color, text: string): string {
  return `\x1b[${CODES[color]}m${text}\x1b[0m`;
}

/** Moves to column 0 and erases the line (the progress bar is redrawn with it). */
export const ERASE_LINE = '\r\x1b[2K';

/** xterm's alternate screen (no scrollback: a live view redraws it), and back to the normal one. */
export const ALT_SCREEN_ON = '\x1b[?1049h\x1b[H\x1b[2J';
export const ALT_SCREEN_OFF = '\x1b[?1049l';

/**
 * One frame of a live view, drawn over the previous one in place: cursor home, each line followed
 * by erase-to-end-of-line, then erase below (no scrolling, no flicker of a full clear).
 */
export function liveFrame(lines: string[]): string {
  return `\x1b[H${lines.map((l) => `${l}\x1b[K`).join('\r\n')}\x1b[J`;
}

/** Erases the screen and the scrollback and moves home. */
export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

// CSI sequences, OSC sequences (ended by BEL or ST) and two-character escapes
// eslint-disable-next-line no-control-regex
const ANSI_PATTERN = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

/** The text without escape sequences (`\r` and `\n` are kept). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/** xterm needs CR LF: turns every line break of `text` into `\r\n`. */
export function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/**
 * `[██████░░░░░░] 12/40  30%  label` when the total is known, `12 label` otherwise.
 * `width` is the number of cells of the bar; the label is cut to `labelWidth` columns.
 */
export function progressText(p: Progress, width = 24, labelWidth = 40): string {
  const label = p.label ? `  ${truncateText(p.label, labelWidth)}` : '';
  const done = Math.max(0, Math.floor(p.done));
  if (p.total === undefined || !Number.isFinite(p.total)) return `${done}${label}`;
  const total = Math.max(0, Math.floor(p.total));
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * width);
  const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4);
  return `[${bar}] ${done}/${total} ${percent}${label}`;
}
