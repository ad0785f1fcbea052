/**
 * 技师服务 (yy_technician_service): which technician offers which project, whether it is enabled,
 * and an optional own price (else the project's). A technician offers a project once; several
 * projects are opened in one action (`POST …/addBatch`).
 */
import { z } from 'zod';
import type { DeclaredContract } from '../contracts.ts';
import { listOf } from './field-rules.ts';
import { YES_NO } from './app-version.ts';
import { auditFields, defineResource } from './define.ts';
import { PROJECT_MAP, PROJECT_MSG } from './project.ts';
import { TECHNICIAN_MAP, TECHNICIAN_MSG } from './technician.ts';

export const TECH_SERVICE_MSG = {
  notFound: '技师服务不存在',
  taken: '该技师已开通此项目',
  technicianRequired: '请选择技师',
  projectsRequired: '请选择服务项目',
  technicianInvalid: '技师不存在或已停用',
  projectInvalid: '服务项目不存在或已下架',
  negative: '价格不能为负数',
  added: (added: number, skipped: number) =>
    `已开通 ${added} 个项目${skipped ? `，${skipped} 个此前已开通` : ''}`,
} as const;

export const TECH_SERVICE = defineResource({
  name: 'techService',
  title: '技师服务',
  path: '/yy/yyTechnicianService',
  component: 'yy/technician/YyTechnicianServiceList',
  category: '技师服务',
  english: 'technician service',
  keywords: ['开通项目', '服务项目', 'jishifuwu'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '技师服务',
    sheetName: '技师服务',
    filename: '技师服务.xlsx',
    asciiFilename: 'technician-services.xlsx',
  },
  notFound: TECH_SERVICE_MSG.notFound,
  commands: {
    examples: { edit: ['techService list | head 1 | techService edit --price 199'] },
    plural: 'technician services',
  },
  fields: [
    {
      key: 'technicianId',
      title: '技师',
      type: 'ref',
      required: TECH_SERVICE_MSG.technicianRequired,
      sample: '王强怡',
      reference: {
        resource: 'technician',
        label: 'name',
        picker: TECHNICIAN_MAP,
        invalidMessage: TECH_SERVICE_MSG.technicianInvalid,
        inUse: TECHNICIAN_MSG.hasServices,
      },
      fixedOnEdit: true,
      search: true,
      list: { width: 120 },
    },
    {
      key: 'projectId',
      title: '服务项目',
      type: 'ref',
      required: TECH_SERVICE_MSG.projectsRequired,
      sample: '全身推拿',
      reference: {
        resource: 'project',
        label: 'name',
        picker: PROJECT_MAP,
        invalidMessage: TECH_SERVICE_MSG.projectInvalid,
        inUse: PROJECT_MSG.inUse,
      },
      fixedOnEdit: true,
      search: true,
      list: { width: 160 },
    },
    { key: 'enabled', title: '启用', type: 'boolean', options: YES_NO, search: true, list: { width: 80 } },
    {
      key: 'price',
      title: '自定义价格(元)',
      type: 'money',
      list: { width: 130 },
      help: '自定义价格（元，留空按项目价格）',
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

/** POST …/addBatch {technicianId, projectIds}: open several projects for a technician at once. */
export const TECH_SERVICE_ADD_BATCH = {
  method: 'POST',
  path: `${TECH_SERVICE.decl.path}/addBatch`,
  permission: TECH_SERVICE.perms.add,
} as const satisfies DeclaredContract;

/** The body of addBatch: a technician and the projects to open (ids, an array or comma-joined). */
export const addServicesBody = z.object({
  technicianId: z
    .string({ error: TECH_SERVICE_MSG.technicianRequired })
    .trim()
    .min(1, TECH_SERVICE_MSG.technicianRequired)
    .describe('技师id'),
  projectIds: z
    .unknown()
    .transform((v, ctx) => {
      const ids = v === undefined || v === null ? [] : [...new Set(listOf(v))];
      if (ids.length === 0 || ids.length > 100) {
        ctx.addIssue({ code: 'custom', message: TECH_SERVICE_MSG.projectsRequired });
        return z.NEVER;
      }
      return ids;
    })
    .describe('服务项目id，逗号分隔'),
});
