/**
 * Excel import of one file (jeecg-api.md §6.15), all or nothing: a first pass streams the sheet and
 * checks every row (dictionary texts, the form's own zod schema, duplicates inside the file and
 * against the database); only when no row failed, a second pass streams it again and inserts every
 * row in ONE transaction. Progress is reported per batch.
 */
import type { z } from 'zod';
import { firstIssue } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { dictItems } from '../../repos/dicts.ts';
import { ImportBudget } from './import-limits.ts';
import { readSheetRows, WorkbookError, type ImportColumn, type SheetRow } from './xlsx-sheet-reader.ts';
import { hasPostgresCode } from '../query/errors.ts';

export { IMPORT_MSG, type ImportColumn } from './xlsx-sheet-reader.ts';

/** At most this many data rows per file. */
export const MAX_IMPORT_ROWS = 100_000;
/** Rows per validation query, insert statement and progress report. */
export const IMPORT_BATCH = 500;

export const ROW_MSG = {
  tooManyRows: `数据行数超过${MAX_IMPORT_ROWS}行，请分批导入`,
  noData: '文件中没有数据',
  dictInvalid: (title: string, text: string) => `${title}取值无效：${text}`,
  duplicateInFile: (title: string, row: number) => `${title}与第${row}行重复`,
  changed: '导入时数据已被修改（唯一值冲突），请重新导入',
} as const;

/** A field whose values must be unique within the file and against the table. */
export interface UniqueRule {
  key: string;
  title: string;
  /** message when the database already holds the value */
  takenMessage: string;
  /** which of `values` the database already holds */
  taken(db: Db, values: string[]): Promise<Set<string>>;
}

/** How one screen imports: its columns, its form schema, its unique fields and its insert. */
export interface ImportPlan<T> {
  columns: ImportColumn[];
  /** the form's schema for one row (the same rules as the add form) */
  schema: z.ZodType<T, unknown>;
  unique?: UniqueRule[];
  /**
   * the data rules of one parsed row (references exist, pictures were uploaded): the refusal's
   * message, reported with the row's number, or undefined; checked in the first pass
   */
  check?(db: Db, row: T): Promise<string | undefined>;
  /** insert valid rows inside the file's transaction */
  insert(tx: Db, rows: T[]): Promise<void>;
}

export interface ImportProgress {
  phase: 'check' | 'insert';
  done: number;
  /** rows to insert; 0 while checking (the row count is known only at the end of the sheet) */
  total: number;
}

/** What became of one file. */
export interface FileOutcome {
  /** data rows read */
  total: number;
  /** rows inserted (0 or `total`) */
  imported: number;
  /** `第N行：<message>` for every bad row, in row order */
  rowErrors: string[];
  /** the file could not be imported at all (not a workbook, no header, too many rows, …) */
  fatal?: string;
}

type DictMaps = Map<string, { byText: Map<string, string>; values: Set<string> }>;

async function loadDicts(db: Db, columns: ImportColumn[]): Promise<DictMaps> {
  const codes = [...new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))];
  const items = await dictItems(db, codes);
  return new Map(
    codes.map((code) => {
      const list = items[code] ?? [];
      return [
        code,
        { byText: new Map(list.map((i) => [i.text, i.value])), values: new Set(list.map((i) => i.value)) },
      ];
    }),
  );
}

/** A row's values with dictionary texts replaced by values; or the message of the first bad text. */
function translate(r: SheetRow, columns: ImportColumn[], dicts: DictMaps): Record<string, string> | string {
  const out = { ...r.values };
  for (const c of columns) {
    const text = out[c.key];
    if (!c.dict || text === undefined) continue;
    const dict = dicts.get(c.dict)!;
    const value = dict.byText.get(text) ?? (dict.values.has(text) ? text : undefined);
    if (value === undefined) return ROW_MSG.dictInvalid(c.title, text);
    out[c.key] = value;
  }
  return out;
}

/** Parse one sheet row to a schema value, or the message why it is bad. */
function parseRow<T>(r: SheetRow, plan: ImportPlan<T>, dicts: DictMaps): { ok: T } | { error: string } {
  const raw = translate(r, plan.columns, dicts);
  if (typeof raw === 'string') return { error: raw };
  const parsed = plan.schema.safeParse(raw);
  return parsed.success ? { ok: parsed.data } : { error: firstIssue(parsed.error) };
}

const uniqueValue = (v: unknown, key: string): string | undefined => {
  const x = (v as Record<string, unknown>)[key];
  return x === null || x === undefined || x === '' ? undefined : String(x);
};

const isUniqueViolation = (e: unknown): boolean => hasPostgresCode(e, '23505');

/** First pass: every row checked; returns the row count and the row errors. */
async function checkRows<T>(
  db: Db,
  content: Buffer,
  plan: ImportPlan<T>,
  dicts: DictMaps,
  progress: (p: ImportProgress) => void,
  budget: ImportBudget,
): Promise<{ total: number; errors: Array<{ row: number; message: string }> }> {
  const rules = plan.unique ?? [];
  const seen = rules.map(() => new Map<string, number>());
  const errors: Array<{ row: number; message: string }> = [];
  let total = 0;
  for await (const batch of readSheetRows(content, plan.columns, IMPORT_BATCH, budget)) {
    total += batch.length;
    if (total > MAX_IMPORT_ROWS) throw new WorkbookError(ROW_MSG.tooManyRows);
    const good: Array<{ row: number; value: T }> = [];
    for (const r of batch) {
      const parsed = parseRow(r, plan, dicts);
      if ('error' in parsed) {
        errors.push({ row: r.row, message: parsed.error });
        continue;
      }
      const dup = rules.findIndex((rule, i) => {
        const v = uniqueValue(parsed.ok, rule.key);
        const first = v === undefined ? undefined : seen[i]!.get(v);
        if (first !== undefined)
          errors.push({ row: r.row, message: ROW_MSG.duplicateInFile(rule.title, first) });
        return first !== undefined;
      });
      if (dup >= 0) continue;
      rules.forEach((rule, i) => {
        const v = uniqueValue(parsed.ok, rule.key);
        if (v !== undefined) seen[i]!.set(v, r.row);
      });
      const refused = await plan.check?.(db, parsed.ok);
      if (refused !== undefined) {
        errors.push({ row: r.row, message: refused });
        continue;
      }
      good.push({ row: r.row, value: parsed.ok });
    }
    const bad = new Set<number>();
    for (const rule of rules) {
      const rows = good.filter((g) => !bad.has(g.row) && uniqueValue(g.value, rule.key) !== undefined);
      if (!rows.length) continue;
      const taken = await rule.taken(db, [...new Set(rows.map((g) => uniqueValue(g.value, rule.key)!))]);
      for (const g of rows)
        if (taken.has(uniqueValue(g.value, rule.key)!)) {
          bad.add(g.row);
          errors.push({ row: g.row, message: rule.takenMessage });
        }
    }
    progress({ phase: 'check', done: total, total: 0 });
  }
  errors.sort((a, b) => a.row - b.row);
  return { total, errors };
}

/**
 * Import one workbook with `plan`: nothing is written unless every row is valid. Never throws for
 * bad content: the outcome carries `fatal` or `rowErrors` instead. The first pass reads the file
 * under the request's `budget` (shared by all files of one request); the second reads the very
 * same bytes again, so it is not charged twice (the per-part caps still apply).
 */
export async function importWorkbook<T>(
  db: Db,
  content: Buffer,
  plan: ImportPlan<T>,
  progress: (p: ImportProgress) => void = () => undefined,
  budget = new ImportBudget(),
): Promise<FileOutcome> {
  const dicts = await loadDicts(db, plan.columns);
  let total = 0;
  try {
    const checked = await checkRows(db, content, plan, dicts, progress, budget);
    total = checked.total;
    if (total === 0) return { total, imported: 0, rowErrors: [], fatal: ROW_MSG.noData };
    if (checked.errors.length)
      return { total, imported: 0, rowErrors: checked.errors.map((e) => `第${e.row}行：${e.message}`) };
    let done = 0;
    await db.transaction(async (tx) => {
      for await (const batch of readSheetRows(content, plan.columns, IMPORT_BATCH)) {
        const rows = batch.map((r) => {
          const parsed = parseRow(r, plan, dicts);
          if ('error' in parsed) throw new Error(`row ${r.row} changed between passes`);
          return parsed.ok;
        });
        await plan.insert(tx as unknown as Db, rows);
        done += rows.length;
        progress({ phase: 'insert', done, total });
      }
    });
    return { total, imported: done, rowErrors: [] };
  } catch (e) {
    if (e instanceof WorkbookError) return { total, imported: 0, rowErrors: [], fatal: e.message };
    if (isUniqueViolation(e)) return { total, imported: 0, rowErrors: [], fatal: ROW_MSG.changed };
    throw e;
  }
}
