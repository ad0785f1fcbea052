/**
 * Departments (sys_depart, jeecg-api.md §6.3): the fields an administrator writes, checked by the
 * same schema in the form and on the server, the org code rule of JeecgBoot's YouBianCodeUtil, and
 * the messages of the refusals.
 */
import { z } from 'zod';
import { RULE_MESSAGES, hasNoNul } from './validation.ts';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, RULE_MESSAGES.maxLength(max))
    .refine(hasNoNul, '包含非法字符')
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));

/** 机构类别: 1 公司, 2 部门, 3 岗位 (dictionary `org_category`). */
export const ORG_CATEGORIES = ['1', '2', '3'] as const;

/** The written fields of a department, with their Chinese titles (the form's labels). */
export const departFields = {
  departName: z
    .string({ error: '请输入机构/部门名称' })
    .trim()
    .min(1, '请输入机构/部门名称')
    .max(100, RULE_MESSAGES.maxLength(100))
    .refine(hasNoNul, '包含非法字符')
    .describe('机构名称'),
  orgCategory: z.enum(ORG_CATEGORIES, { error: '机构类别取值无效' }).default('2').describe('机构类别'),
  departOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0, '排序须为整数')
    .max(100_000)
    .nullish()
    .transform((v) => v ?? 0)
    .describe('排序'),
  mobile: text(32)
    .refine((v) => v == null || /^[\d\-+() ]{3,32}$/.test(v), '请输入正确的电话号码')
    .describe('电话'),
  fax: text(32).describe('传真'),
  address: text(100).describe('地址'),
  memo: text(500).describe('备注'),
  description: text(500).describe('描述'),
};

const idText = z
  .string()
  .trim()
  .regex(/^[\w-]{1,32}$/, '部门id无效');

/** POST /sys/sysDepart/add: `parentId` empty or absent makes a root. */
export const departAddSchema = z.object({
  ...departFields,
  parentId: idText
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null)
    .describe('上级部门id'),
});

/**
 * PUT /sys/sysDepart/edit: the id and the fields to change (fields not sent stay). A `parentId`
 * different from the current one moves the department with its whole subtree (org codes renewed).
 */
export const departEditSchema = departAddSchema.partial().extend({ id: idText });

export type DepartAdd = z.infer<typeof departAddSchema>;

/** An org code: one level per department, a capital letter and two digits each (A01A02). */
export const ORG_CODE_PATTERN = /^(?:[A-Z]\d{2})+$/;

/**
 * One row of a department sheet (POST /sys/sysDepart/importExcel): the written fields, and the org
 * code that places it in the tree (its parent's code is the code without its last level); a row
 * without one becomes a new top-level department with the next free code.
 */
export const departImportSchema = z.object({
  ...departFields,
  orgCode: z
    .string()
    .trim()
    .regex(ORG_CODE_PATTERN, '机构编码格式无效（每级一个大写字母加两位数字，如 A01A02）')
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null)
    .describe('机构编码'),
});

/** Refusals of department writes. */
export const DEPART_MSG = {
  notFound: '未找到对应实体',
  parentMissing: '上级部门不存在',
  hasChildren: (name: string) => `部门“${name}”下还有子部门，请先删除或移走子部门`,
  hasUsers: (name: string, n: number) => `部门“${name}”下还有 ${n} 个用户，请先将用户移出该部门`,
  moveIntoOwnTree: '不能把部门移到它自己或它的下级部门之下',
  codesExhausted: '同级部门数量已达上限，无法生成机构编码',
  importParentMissing: (code: string, parent: string) =>
    `机构编码 ${code} 的上级 ${parent} 不存在（上级须已存在，或在文件中排在它前面）`,
} as const;

/**
 * The next org code among siblings (JeecgBoot YouBianCodeUtil): a level is one letter and two
 * digits, A01 … A99, B01 … Z99; a child's code is its parent's plus its own level. `last` is the
 * highest code of the siblings, or undefined for the first child.
 */
export function nextOrgCode(parentCode: string, last: string | undefined): string {
  if (!last) return `${parentCode}A01`;
  const level = last.slice(-3);
  const m = /^([A-Z])(\d{2})$/.exec(level);
  if (!m) throw new Error(`org code ${last} does not end in a level`);
  const letter = m[1]!;
  const n = Number(m[2]);
  if (n < 99) return `${parentCode}${letter}${String(n + 1).padStart(2, '0')}`;
  if (letter === 'Z') throw new Error(DEPART_MSG.codesExhausted);
  return `${parentCode}${String.fromCharCode(letter.charCodeAt(0) + 1)}01`;
}

/** org_type as JeecgBoot sets it: 1 for a root, 2 below. */
export const orgTypeOf = (parentId: string | null): string => (parentId ? '2' : '1');
