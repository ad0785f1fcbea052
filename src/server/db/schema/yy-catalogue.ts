import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  point,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/*
 * The service catalogue (/yy/*): partners (商户), service projects, technicians and which projects
 * each technician offers. Money and percentages are numeric (read as text), never a float;
 * pictures are stored upload paths; areas are division codes (src/shared/area.ts).
 */

/** yy_partner: franchise partners; `status` changes only through updateStatus (logged below). */
export const yyPartner = pgTable(
  'yy_partner',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull().unique('uq_yy_partner_name'),
    /** 1 个人, 2 企业 */
    partnerType: varchar('partner_type', { length: 2 }).notNull(),
    contact: varchar('contact', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    area: varchar('area', { length: 12 }).notNull(),
    address: varchar('address', { length: 255 }),
    licence: varchar('licence', { length: 500 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 30 }),
    accountName: varchar('account_name', { length: 50 }),
    shareRatio: numeric('share_ratio', { precision: 5, scale: 2 }).notNull(),
    /** 0 待审核, 1 正常, 2 已驳回, 3 停用 */
    status: varchar('status', { length: 2 }).notNull().default('0'),
    statusReason: varchar('status_reason', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [index('idx_yy_partner_status').on(t.status)],
);

/** yy_project: service projects (服务项目). */
export const yyProject = pgTable(
  'yy_project',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull().unique('uq_yy_project_name'),
    category: varchar('category', { length: 20 }).notNull(),
    duration: integer('duration').notNull(),
    price: numeric('price', { precision: 15, scale: 2 }).notNull(),
    listPrice: numeric('list_price', { precision: 15, scale: 2 }),
    images: text('images'),
    description: text('description'),
    suitable: varchar('suitable', { length: 255 }),
    /** 1 上架, 0 下架 */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('idx_yy_project_status').on(t.status, t.sort)],
);

/** yy_technician: technicians (技师). */
export const yyTechnician = pgTable(
  'yy_technician',
  {
    id: idColumn(),
    name: varchar('name', { length: 50 }).notNull(),
    sex: varchar('sex', { length: 2 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull().unique('uq_yy_technician_mobile'),
    idCard: varchar('id_card', { length: 18 }).unique('uq_yy_technician_id_card'),
    avatar: varchar('avatar', { length: 500 }),
    photos: text('photos'),
    level: varchar('level', { length: 10 }).notNull(),
    partnerId: varchar('partner_id', { length: 32 }),
    serviceAreas: text('service_areas'),
    location: point('location', { mode: 'xy' }),
    /** 1 在线, 2 服务中, 3 休息, 4 停用 */
    workStatus: varchar('work_status', { length: 2 }).notNull().default('3'),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('5.0'),
    joinDate: date('join_date', { mode: 'string' }),
    intro: varchar('intro', { length: 500 }),
    ...auditColumns(),
  },
  (t) => [
    index('idx_yy_technician_partner').on(t.partnerId),
    index('idx_yy_technician_status').on(t.workStatus),
  ],
);

/** yy_technician_service: the projects a technician offers, with an optional own price. */
export const yyTechnicianService = pgTable(
  'yy_technician_service',
  {
    id: idColumn(),
    technicianId: varchar('technician_id', { length: 32 }).notNull(),
    projectId: varchar('project_id', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    price: numeric('price', { precision: 15, scale: 2 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uq_yy_technician_service').on(t.technicianId, t.projectId),
    index('idx_yy_technician_service_project').on(t.projectId),
  ],
);
