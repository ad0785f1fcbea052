/**
 * Popup field rules of spec §5 and §8: configuration checks, the selection check and the mapping
 * of the chosen report rows onto the form's fields. Pure, shared by `PopupField` and the modal.
 */
import { dictText, type DictOptionLike } from './pick-table-model.ts';

/** Spec §5: code, source or target fields missing. */
export const POPUP_CONFIG_MISSING = 'popup参数未正确配置!';
/** Spec §5: source and target field lists of different lengths. */
export const POPUP_CONFIG_MISMATCH = 'popup参数未正确配置,原始值和目标值数量不一致!';
/** Spec §5: confirming nothing, or more than one row in single mode. */
export const SELECT_ONE = '请选择一条记录';
/** Spec §8: the report could not be loaded; the server message follows. */
export const POPUP_INIT_FAILED = 'Popup初始化失败，请检查你的配置或稍后重试！';

/** How a popup field is configured (JeecgBoot `JPopup`: code, orgFields, destFields). */
export interface PopupConfig {
  /** report code (`getRpColumns/{code}`) */
  code?: string | null;
  /** report columns to copy, comma separated */
  orgFields?: string | null;
  /** form fields receiving them, comma separated, in the same order */
  destFields?: string | null;
}

/** A usable configuration, or the message that disables the field. */
export type PopupConfigCheck =
  { ok: true; code: string; org: string[]; dest: string[] } | { ok: false; message: string };

const split = (s: string | null | undefined): string[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Check a popup configuration (spec §5). */
export function checkPopupConfig(config: PopupConfig): PopupConfigCheck {
  const code = (config.code ?? '').trim();
  const org = split(config.orgFields);
  const dest = split(config.destFields);
  if (!code || org.length === 0 || dest.length === 0) return { ok: false, message: POPUP_CONFIG_MISSING };
  if (org.length !== dest.length) return { ok: false, message: POPUP_CONFIG_MISMATCH };
  return { ok: true, code, org, dest };
}

/** The warning for confirming `count` selected rows, or null when the selection may be confirmed. */
export function checkSelection(count: number, multi: boolean): string | null {
  if (count === 0) return SELECT_ONE;
  if (!multi && count > 1) return SELECT_ONE;
  return null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The values the chosen rows give to the destination fields: `dest[i]` ← `row[org[i]]`; with
 * several rows (multi mode) the values are joined with commas, as JeecgBoot's popup does.
 */
export function mapPopupRows(
  rows: ReadonlyArray<Record<string, unknown>>,
  org: readonly string[],
  dest: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  org.forEach((from, i) => {
    const to = dest[i];
    if (to !== undefined) out[to] = rows.map((r) => text(r[from])).join(',');
  });
  return out;
}

/** The message shown when the report cannot be loaded (spec §8): the fixed text plus the cause. */
export const popupInitFailed = (cause: unknown): string => {
  const detail = cause instanceof Error ? cause.message : text(cause);
  return detail ? `${POPUP_INIT_FAILED}${detail}` : POPUP_INIT_FAILED;
};

/** A column as the report describes it (only what display needs). */
export interface DisplayColumn {
  title: string;
  dataIndex: string;
  customRender?: string;
}

/** What a popup confirm hands back: the raw rows, and the same rows as text for display. */
export interface PopupPick {
  rows: Array<Record<string, unknown>>;
  table: { columns: Array<{ key: string; title: string }>; rows: Array<Record<string, string>> };
}

/** The picked rows plus a text table of the report's columns, dictionary values translated. */
export function popupPick(
  columns: readonly DisplayColumn[],
  dictOptions: Readonly<Record<string, readonly DictOptionLike[]>>,
  rows: ReadonlyArray<Record<string, unknown>>,
): PopupPick {
  return {
    rows: [...rows],
    table: {
      columns: columns.map((c) => ({ key: c.dataIndex, title: c.title })),
      rows: rows.map((r) =>
        Object.fromEntries(
          columns.map((c) => [
            c.dataIndex,
            c.customRender ? dictText(dictOptions[c.customRender], r[c.dataIndex]) : text(r[c.dataIndex]),
          ]),
        ),
      ),
    },
  };
}
