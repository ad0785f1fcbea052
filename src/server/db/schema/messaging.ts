/**
 * System tables of messaging and housekeeping (jeecg-api.md §6.6, §6.8, §6.10, §6.13): code check
 * rules, the category dictionary, announcements and their per-user deliveries, scheduled jobs and
 * their run history, message templates.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns.ts';

/** 编码校验规则: `rule_json` is an ordered array of `{digits, pattern, message}`. */
export const sysCheckRule = pgTable(
  'sys_check_rule',
  {
    id: idColumn(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleJson: text('rule_json').notNull(),
    ruleDescription: varchar('rule_description', { length: 200 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_check_rule_code').on(t.ruleCode)],
);

/** 分类字典: a tree by `pid` ("0" at the root); a child's code starts with its parent's. */
export const sysCategory = pgTable(
  'sys_category',
  {
    id: idColumn(),
    pid: varchar('pid', { length: 32 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 100 }).notNull(),
    /** "1" when the node has children (kept by the server) */
    hasChild: varchar('has_child', { length: 3 }).notNull().default('0'),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_category_code').on(t.code), index('idx_sys_category_pid').on(t.pid)],
);

/** 系统通告 (JeecgBoot spells the title `titile`). */
export const sysAnnouncement = pgTable(
  'sys_announcement',
  {
    id: idColumn(),
    titile: varchar('titile', { length: 100 }).notNull(),
    msgContent: text('msg_content'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    sender: varchar('sender', { length: 100 }),
    /** L 一般, M 重要, H 紧急 */
    priority: varchar('priority', { length: 10 }).notNull().default('L'),
    /** 1 通知公告, 2 系统消息 */
    msgCategory: varchar('msg_category', { length: 10 }).notNull().default('1'),
    /** ALL: every user; USER: the users of `user_ids` */
    msgType: varchar('msg_type', { length: 10 }).notNull().default('ALL'),
    /** 0 未发布, 1 已发布, 2 已撤销 */
    sendStatus: varchar('send_status', { length: 10 }).notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    cancelTime: timestamp('cancel_time', { withTimezone: true }),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    busType: varchar('bus_type', { length: 20 }),
    busId: varchar('bus_id', { length: 50 }),
    openType: varchar('open_type', { length: 20 }),
    openPage: varchar('open_page', { length: 255 }),
    msgAbstract: varchar('msg_abstract', { length: 500 }),
    /** comma-joined user ids (JeecgBoot adds a trailing comma) */
    userIds: text('user_ids'),
    ...auditColumns(),
  },
  (t) => [index('idx_sys_announcement_status').on(t.sendStatus, t.delFlag)],
);

/** One announcement delivered to one user, and whether it was read. */
export const sysAnnouncementSend = pgTable(
  'sys_announcement_send',
  {
    id: idColumn(),
    anntId: varchar('annt_id', { length: 32 }).notNull(),
    userId: varchar('user_id', { length: 32 }).notNull(),
    readFlag: varchar('read_flag', { length: 10 }).notNull().default('0'),
    readTime: timestamp('read_time', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uniq_sys_announcement_send').on(t.anntId, t.userId),
    index('idx_sys_announcement_send_user').on(t.userId, t.readFlag),
  ],
);

/** 定时任务: status 0 running, -1 stopped (dict quartz_status). */
export const sysQuartzJob = pgTable(
  'sys_quartz_job',
  {
    id: idColumn(),
    jobClassName: varchar('job_class_name', { length: 255 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 255 }).notNull(),
    parameter: varchar('parameter', { length: 255 }),
    description: varchar('description', { length: 255 }),
    status: integer('status').notNull().default(-1),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_quartz_job_class').on(t.jobClassName)],
);

/**
 * One run of a job. A scheduled firing is claimed by inserting its (job, fire time) row: the unique
 * index lets exactly one instance run it.
 */
export const sysQuartzJobLog = pgTable(
  'sys_quartz_job_log',
  {
    id: idColumn(),
    jobId: varchar('job_id', { length: 32 }).notNull(),
    jobClassName: varchar('job_class_name', { length: 255 }).notNull(),
    /** the scheduled time of a cron firing; the start time of a manual run */
    fireTime: timestamp('fire_time', { withTimezone: true }).notNull(),
    /** cron | manual */
    trigger: varchar('trigger', { length: 10 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** running | ok | error */
    status: varchar('status', { length: 10 }).notNull().default('running'),
    error: text('error'),
    /** the server instance that ran it */
    instance: varchar('instance', { length: 64 }),
    result: text('result'),
  },
  (t) => [
    uniqueIndex('uniq_sys_quartz_job_log_fire').on(t.jobId, t.fireTime, t.trigger),
    index('idx_sys_quartz_job_log_start').on(t.jobId, t.startTime),
  ],
);

/** 消息模板: `${name}` variables filled from a JSON object. */
export const sysMessageTemplate = pgTable(
  'sys_message_template',
  {
    id: idColumn(),
    templateCode: varchar('template_code', { length: 100 }).notNull(),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    templateContent: text('template_content').notNull(),
    templateTestJson: text('template_test_json'),
    /** 1 短信, 2 邮件, 3 站内消息 */
    templateType: varchar('template_type', { length: 10 }).notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uniq_sys_message_template_code').on(t.templateCode)],
);
