/**
 * The state of the 高级查询构造器 (spec §3–5) as a pure reducer: match type and condition rows,
 * typed by the field each row picks. DOM-free, so the rules are unit-tested without a browser.
 */
import {
  SUPER_QUERY_RULES,
  changeRule,
  encodeSuperQueryParams,
  isEmptyCondition,
  type MatchType,
  type SavedSuperQuery,
  type SuperQueryCondition,
  type SuperQueryField,
  type SuperQueryFieldType,
  type SuperQueryRule,
} from '../../../../shared/super-query.ts';

/** A condition row of the builder; `key` only identifies the row on screen. */
export interface BuilderRow {
  key: number;
  field: string;
  rule: string;
  /** text, or the picked values of a multi-valued `in` editor */
  val: string | string[];
  /** component type sent to the server (`input`, `number`, `date`, `datetime`, `select`, …) */
  type?: string;
  /** value type sent to the server (`string`, `int`, `number`) */
  dbType?: string;
}

export interface BuilderState {
  matchType: MatchType;
  rows: BuilderRow[];
  nextKey: number;
}

/** What a search hands to the list page (`superQueryParams` is already URI-encoded JSON). */
export interface SuperQuerySearch {
  matchType: MatchType;
  conditions: SuperQueryCondition[];
  superQueryParams: string;
  superQueryMatchType: string;
}

const ALL_RULES = Object.keys(SUPER_QUERY_RULES) as SuperQueryRule[];
const LIKE_RULES: readonly SuperQueryRule[] = ['like', 'right_like', 'left_like'];

/** The rules offered for a field type: dates and datetimes cannot be matched as text. */
export function rulesFor(type: SuperQueryFieldType | undefined): SuperQueryRule[] {
  return type === 'date' || type === 'datetime'
    ? ALL_RULES.filter((r) => !LIKE_RULES.includes(r))
    : ALL_RULES;
}

/** Field types whose `in` editor picks several values (the others take a comma list). */
export const isMultiPick = (type: SuperQueryFieldType | undefined): boolean =>
  type === 'select' || type === 'user' || type === 'depart';

/** The `type` / `dbType` hints the server reads for a field type. */
export function wireTypes(type: SuperQueryFieldType): { type: string; dbType: string } {
  switch (type) {
    case 'int':
      return { type: 'number', dbType: 'int' };
    case 'number':
      return { type: 'number', dbType: 'number' };
    case 'date':
      return { type: 'date', dbType: 'string' };
    case 'datetime':
      return { type: 'datetime', dbType: 'string' };
    case 'select':
      return { type: 'select', dbType: 'string' };
    case 'user':
      return { type: 'sel_user', dbType: 'string' };
    case 'depart':
      return { type: 'sel_depart', dbType: 'string' };
    case 'area':
      return { type: 'pca', dbType: 'string' };
    case 'ref':
      return { type: 'sel_search', dbType: 'string' };
    default:
      return { type: 'input', dbType: 'string' };
  }
}

const emptyRow = (key: number): BuilderRow => ({ key, field: '', rule: 'eq', val: '' });

/** A builder with one empty condition (what the dialog shows first and after 重置). */
export const initialBuilderState = (): BuilderState => ({
  matchType: 'and',
  rows: [emptyRow(1)],
  nextKey: 2,
});

export type BuilderAction =
  | { type: 'add'; after?: number }
  | { type: 'remove'; index: number }
  | { type: 'field'; index: number; field: SuperQueryField | undefined }
  | { type: 'rule'; index: number; rule: string; fieldType?: SuperQueryFieldType }
  | { type: 'value'; index: number; val: string | string[] }
  | { type: 'matchType'; matchType: MatchType }
  | { type: 'load'; query: Pick<SavedSuperQuery, 'matchType' | 'records'> }
  | { type: 'reset' };

const toText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A stored condition back as a row: arrays stay arrays, scalars become text. */
function rowOf(c: SuperQueryCondition, key: number): BuilderRow {
  const val = Array.isArray(c.val) ? c.val.map(toText) : toText(c.val);
  return {
    key,
    field: toText(c.field),
    rule: toText(c.rule) || 'eq',
    val,
    ...(c.type ? { type: c.type } : {}),
    ...(c.dbType ? { dbType: c.dbType } : {}),
  };
}

function update(state: BuilderState, index: number, fn: (row: BuilderRow) => BuilderRow): BuilderState {
  const row = state.rows[index];
  if (!row) return state;
  const rows = state.rows.slice();
  rows[index] = fn(row);
  return { ...state, rows };
}

/** Entering `in` on a multi-pick editor turns a single value into a one-item list. */
function intoIn(val: BuilderRow['val']): string[] {
  if (Array.isArray(val)) return val;
  return val.trim() === '' ? [] : [val];
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'add': {
      const at = action.after === undefined ? state.rows.length : action.after + 1;
      const rows = state.rows.slice();
      rows.splice(Math.max(0, Math.min(at, rows.length)), 0, emptyRow(state.nextKey));
      return { ...state, rows, nextKey: state.nextKey + 1 };
    }
    case 'remove':
      return { ...state, rows: state.rows.filter((_, i) => i !== action.index) };
    case 'field':
      return update(state, action.index, (row) => {
        const f = action.field;
        if (!f) return emptyRow(row.key);
        // another field means another value type: the old value and an unfit rule are dropped
        const rule = (rulesFor(f.type) as string[]).includes(row.rule) ? row.rule : 'eq';
        return {
          key: row.key,
          field: f.field,
          rule,
          val: rule === 'in' && isMultiPick(f.type) ? [] : '',
          ...wireTypes(f.type),
        };
      });
    case 'rule':
      return update(state, action.index, (row) => {
        const moved = changeRule({ rule: row.rule, val: row.val }, action.rule);
        const next: BuilderRow = { ...row, rule: moved.rule, val: moved.val };
        if (action.rule === 'in' && isMultiPick(action.fieldType)) return { ...next, val: intoIn(next.val) };
        if (!Array.isArray(next.val)) return next;
        return { ...next, val: action.rule === 'in' ? next.val.join(',') : (next.val[0] ?? '') };
      });
    case 'value':
      return update(state, action.index, (row) => ({ ...row, val: action.val }));
    case 'matchType':
      return { ...state, matchType: action.matchType };
    case 'load': {
      const rows = action.query.records.map((c, i) => rowOf(c, state.nextKey + i));
      return {
        matchType: action.query.matchType,
        rows: rows.length ? rows : [emptyRow(state.nextKey)],
        nextKey: state.nextKey + Math.max(rows.length, 1),
      };
    }
    case 'reset':
      return { matchType: 'and', rows: [emptyRow(state.nextKey)], nextKey: state.nextKey + 1 };
  }
}

/** The rows as wire conditions (without the row keys). */
export function conditionsOf(rows: readonly BuilderRow[]): SuperQueryCondition[] {
  return rows.map(({ key: _key, ...c }) => c);
}

/** The full conditions only (what is searched and saved). */
export const filledConditions = (rows: readonly BuilderRow[]): SuperQueryCondition[] =>
  conditionsOf(rows).filter((c) => !isEmptyCondition(c));

/** The search the list page runs for this builder state. */
export function toSearch(state: Pick<BuilderState, 'matchType' | 'rows'>): SuperQuerySearch {
  const conditions = filledConditions(state.rows);
  return {
    matchType: state.matchType,
    conditions,
    superQueryParams: encodeSuperQueryParams(conditions),
    superQueryMatchType: state.matchType,
  };
}

/** `<input type="datetime-local">` value → `YYYY-MM-DD HH:mm:ss` (spec §9). */
export function fromDateTimeLocal(v: string): string {
  if (!v) return '';
  const s = v.replace('T', ' ');
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(s) ? `${s}:00` : s;
}

/** `YYYY-MM-DD HH:mm:ss` → the value a `datetime-local` input accepts (empty when it is not one). */
export function toDateTimeLocal(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(v.trim());
  return m ? `${m[1]}T${m[2]}` : '';
}
