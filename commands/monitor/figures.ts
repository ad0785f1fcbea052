/**
 * Text of the monitor's figures for the terminal's live views (`monitor top`, `monitor db`): sizes,
 * shares, durations and aligned columns that read at 80 columns.
 */
import { padText, truncateText } from '../core/text-width.ts';
import { formatBytes } from '../../src/shared/format.ts';

/** 1.5 KB, 12.3 MB, 4 GB (the shared rule) */
export const bytes = (n: number): string => formatBytes(n);

/** 0.123 → 12.3% */
export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** 3725 → 1h02m, 90061 → 1d01h */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d${String(h).padStart(2, '0')}h`;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  return `${m}m${String(s % 60).padStart(2, '0')}s`;
}

/** `HH:mm:ss` of an instant, local time */
export function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((x) => String(x).padStart(2, '0')).join(':');
}

/** One line of cells cut and padded to widths (a negative width right-aligns). */
export function row(cells: Array<[string | number, number]>): string {
  return cells
    .map(([text, width]) =>
      padText(truncateText(String(text), Math.abs(width)), Math.abs(width), width < 0 ? 'right' : 'left'),
    )
    .join(' ')
    .trimEnd();
}

/** The first line of a live view: title, instance, clock, and how to leave. */
export const title = (name: string, instance: string, at: number): string =>
  row([
    [name, 28],
    [instance, 30],
    [clock(at), 8],
    ['q 退出', 6],
  ]);
