/**
 * 数据字典 administration (sys_dict, sys_dict_item): the messages and rules of the dictionary
 * resource (src/shared/resources/dict.ts), and the item forms shared by the server (/sys/dictItem/*)
 * and the client's editable item grid.
 */
import { z } from 'zod';
import { RULE_MESSAGES, hasNoNul } from './validation.ts';
import type { CellRule, RuledColumn } from './grid-rules.ts';

/** Messages of the dictionary screens and endpoints. */
export const DICT_MSG = {
  dictNameRequired: '请输入字典名称',
  dictCodeRequired: '请输入字典编码',
  dictCodeChars: '字典编码只允许字母、数字、下划线和中划线',
  dictCodeTaken: '字典编码已存在',
  dictTypeInvalid: '字典类型取值无效',
  dictNotFound: '未找到对应字典',
  itemTextRequired: '请输入名称',
  itemValueRequired: '请输入数据值',
  itemValueTaken: '该值不可用，系统中已存在！',
  itemValueFree: '该值可用！',
  itemValueDuplicate: '数据值不能重复',
  itemValueNotNumber: '数据值必须是整数',
  itemStatusInvalid: '状态取值无效',
  sortOrderInvalid: '排序值必须是整数',
  notFound: '未找到对应实体',
  illegalChars: '包含非法字符',
  /** a row of the editable item grid: `第3行：请输入名称` */
  row: (n: number, message: string) => `第${n}行：${message}`,
} as const;

/** Dictionary codes name dictionaries in `getDictItems/{code}` and `dictCode` props. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Values of a dictionary with `type` 1 (numeric values). */
export const NUMERIC_ITEM_VALUE = /^-?\d{1,9}$/;

/** The most items a dictionary has on one screen: the item grid loads and saves them all at once. */
export const DICT_ITEMS_MAX = 1000;

const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, DICT_MSG.illegalChars);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, DICT_MSG.illegalChars)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional small integer given as number or text (forms send both). */
const optionalInt = (message: string, allowed?: readonly number[]) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || String(v).trim() === '') return undefined;
      const n = Number(String(v).trim());
      // at most 9 digits, as NUMERIC_ITEM_VALUE (the grid's rule for the same cells)
      if (!Number.isInteger(n) || Math.abs(n) > 999_999_999 || (allowed && !allowed.includes(n))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** The fields of one item (form or grid row). */
const itemFields = {
  itemText: text(DICT_MSG.itemTextRequired, 100).describe('名称'),
  itemValue: text(DICT_MSG.itemValueRequired, 100).describe('数据值'),
  itemColor: optionalText(10).describe('颜色'),
  description: optionalText(255).describe('描述'),
  sortOrder: optionalInt(DICT_MSG.sortOrderInvalid).describe('排序'),
  status: optionalInt(DICT_MSG.itemStatusInvalid, [0, 1]).describe('状态（1 启用，0 不启用）'),
};

/** POST /sys/dictItem/add. */
export const dictItemAddSchema = z.object({
  dictId: z.string({ error: DICT_MSG.dictNotFound }).trim().min(1, DICT_MSG.dictNotFound).describe('字典id'),
  ...itemFields,
});
/** PUT|POST /sys/dictItem/edit (the item keeps its dictionary). */
export const dictItemEditSchema = z.object({
  id: z.string({ error: DICT_MSG.notFound }).trim().min(1, DICT_MSG.notFound).describe('字典项id'),
  ...itemFields,
});

/** One row of the editable item grid: an existing item (id) or a new one (no id). */
export const dictItemRowSchema = z.object({
  id: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .describe('字典项id（新行为空）'),
  ...itemFields,
});

/** POST /sys/dictItem/saveBatch: the grid's values and the ids of its removed rows, saved at once. */
export const dictItemSaveBatchSchema = z.object({
  dictId: z.string({ error: DICT_MSG.dictNotFound }).trim().min(1, DICT_MSG.dictNotFound).describe('字典id'),
  rows: z.array(z.unknown()).max(DICT_ITEMS_MAX).default([]).describe('表格的行'),
  deleteIds: z
    .union([z.array(z.string()), z.string()])
    .nullish()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))
    .describe('删除的行id'),
});

/** Keys of the editable item grid's columns that carry cell rules. */
export type DictItemGridKey = 'itemText' | 'itemValue' | 'itemColor' | 'description' | 'sortOrder';

const maxLength = (n: number): CellRule => ({
  handler: ({ value }) => (String(value ?? '').trim().length > n ? RULE_MESSAGES.maxLength(n) : true),
});
const noNul: CellRule = {
  handler: ({ value }) => (hasNoNul(String(value ?? '')) ? true : DICT_MSG.illegalChars),
};

/**
 * The cell rules of the editable item grid (字典配置), by column: the client grid shows them as it
 * edits, and `POST /sys/dictItem/saveBatch` checks every saved row with the same rules before it
 * parses them (messages and order are the grid's). Numeric dictionaries (`type` 1) take integers.
 */
export function dictItemGridRules(numeric: boolean): Record<DictItemGridKey, RuledColumn> {
  return {
    itemText: {
      key: 'itemText',
      title: '名称',
      rules: [{ required: true, message: DICT_MSG.itemTextRequired }, maxLength(100), noNul],
    },
    itemValue: {
      key: 'itemValue',
      title: '数据值',
      rules: [
        { required: true, message: DICT_MSG.itemValueRequired },
        { unique: true, message: DICT_MSG.itemValueDuplicate },
        ...(numeric ? [{ pattern: NUMERIC_ITEM_VALUE, message: DICT_MSG.itemValueNotNumber }] : []),
        maxLength(100),
        noNul,
      ],
    },
    itemColor: { key: 'itemColor', title: '颜色', rules: [maxLength(10), noNul] },
    description: { key: 'description', title: '描述', rules: [maxLength(255), noNul] },
    sortOrder: {
      key: 'sortOrder',
      title: '排序',
      rules: [{ pattern: NUMERIC_ITEM_VALUE, message: DICT_MSG.sortOrderInvalid }],
    },
  };
}

export type DictItemRow = z.infer<typeof dictItemRowSchema>;
export type DictItemSaveBatchInput = z.infer<typeof dictItemSaveBatchSchema>;
