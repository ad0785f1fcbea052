/**
 * Display formats shared by lists, forms and the terminal (spec §9: number filters add thousands
 * separators). Money stays text end to end: formatting never goes through a float.
 */

/** `1234567.5` → `1,234,567.50`: thousands separators and two decimals, from the text itself. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, frac = ''] = m;
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${(frac + '00').slice(0, Math.max(2, frac.replace(/0+$/, '').length))}`;
}

/** `12.50` → `12.5%` (trailing zeros dropped). */
export function formatPercent(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text}%`;
}

/** `1234567.5` → `1,234,567.5`: thousands separators, decimals as they are (grid 合计 rows, counts). */
export function formatNumber(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, frac = ''] = m;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

/**
 * A size in bytes as people read it: `512 B`, `1.5 KB`, `12.3 MB`, `4 GB` (empty for no number).
 * The file lists and the monitor's pages and terminal views share it.
 */
export function formatBytes(value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = n;
  let unit = 0;
  while (Math.abs(size) >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${size.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

/**
 * Exact money arithmetic: a decimal text (`-12.5`, `99.00`) as integer fen, or undefined when it is
 * not one. Money is never a float: sums and rates are computed on these integers.
 */
export function toFen(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!m) return undefined;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && fen ? -fen : fen;
}

/** Integer fen as decimal text with two places (`-1250` → `-12.50`). */
export function fromFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not a whole number of fen: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `fen × percent / 100`, the percent a decimal text with at most two places, rounded half up to the fen. */
export function percentOfFen(fen: number, percent: string): number {
  const hundredths = toFen(percent);
  if (hundredths === undefined || hundredths < 0) throw new Error(`not a percent: ${percent}`);
  // fen × (percent × 100) / 10000, half up, integers only
  return Math.floor((fen * hundredths + 5000) / 10000);
}
