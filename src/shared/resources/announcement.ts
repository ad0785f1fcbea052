/**
 * 系统通告 (sys_announcement, jeecg-api.md §6.8): notices written as rich text (sanitised on write
 * and on render), released to every user or chosen ones (pushed live over /websocket/{userId}),
 * revoked, and read per user (sys_announcement_send). JeecgBoot's spellings (`annountCement`,
 * `titile`, `doReovkeData`) are part of the wire protocol.
 */
import { endpoint } from '../contracts.ts';
import { AUTHENTICATED } from '../permission-codes.ts';
import { auditFields, defineResource } from './define.ts';

const PATH = '/sys/annountCement';

/** Priority tags of the bell and the notice list (spec §2). */
export const NOTICE_PRIORITY: Record<string, { text: string; color: 'blue' | 'orange' | 'red' }> = {
  L: { text: '一般', color: 'blue' },
  M: { text: '重要', color: 'orange' },
  H: { text: '紧急', color: 'red' },
};

export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;

export const NOTICE_MSG = {
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  readAll: '全部已读',
  notDraft: '只有未发布或已撤销的通告可以发布',
  notReleased: '只有已发布的通告可以撤销',
  noUsers: '请选择指定用户',
  unknownUsers: '指定用户中有不存在的用户',
} as const;

/** GET …/doReleaseData?id= and doReovkeData?id=: the declared release and revoke (JeecgBoot's paths). */
const RELEASE = endpoint('GET', `${PATH}/doReleaseData`, 'announcement:release');
const REVOKE = endpoint('GET', `${PATH}/doReovkeData`, 'announcement:revoke');

export const ANNOUNCEMENT = defineResource({
  name: 'announcement',
  title: '系统通告',
  path: PATH,
  operations: ['list', 'add', 'edit', 'delete', 'export', 'import'],
  component: 'system/SysAnnouncementList',
  category: '系统通告',
  english: 'announcement',
  keywords: ['通告', '公告', '通知', 'notice'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '系统通告',
    sheetName: '系统通告',
    filename: '系统通告.xlsx',
    asciiFilename: 'announcements.xlsx',
  },
  notFound: '未找到对应通告',
  commands: {
    examples: { add: ['announcement add 示例通告'] },
    plural: 'announcements',
    addPositional: ['titile'],
  },
  fields: [
    {
      key: 'titile',
      title: '通告标题',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      filter: true,
      list: { width: 220 },
    },
    { key: 'msgContent', title: '通告内容', type: 'richtext', max: 100_000 },
    { key: 'msgAbstract', title: '摘要', type: 'string', max: 500, list: false, export: true },
    {
      key: 'priority',
      title: '优先级',
      type: 'enum',
      options: [
        { value: 'L', text: '一般' },
        { value: 'M', text: '重要' },
        { value: 'H', text: '紧急' },
      ],
      list: { width: 90 },
    },
    {
      key: 'msgCategory',
      title: '消息类型',
      type: 'dict',
      dict: 'msg_category',
      list: { width: 100 },
      search: true,
    },
    { key: 'msgType', title: '通告对象', type: 'dict', dict: 'msg_type', list: { width: 100 } },
    {
      key: 'userIds',
      title: '指定用户',
      type: 'user',
      multiple: true,
      list: false,
      // exported beside 通告对象: a notice to chosen users comes back by import with its users
      export: true,
      superQuery: false,
      help: '指定用户的id，逗号分隔（通告对象为指定用户时）',
    },
    { key: 'startTime', title: '开始时间', type: 'datetime', list: false, export: true },
    { key: 'endTime', title: '结束时间', type: 'datetime', list: false, export: true },
    {
      key: 'openType',
      title: '打开方式',
      type: 'enum',
      options: [
        { value: 'url', text: '打开页面' },
        { value: 'component', text: '打开组件' },
      ],
      list: false,
      export: true,
    },
    { key: 'openPage', title: '处理页面', type: 'string', max: 255, list: false, export: true },
    { key: 'sender', title: '发布人', type: 'string', system: true, list: { width: 100 } },
    {
      key: 'sendStatus',
      title: '发布状态',
      type: 'dict',
      dict: 'send_status',
      system: true,
      list: { width: 100 },
      search: true,
    },
    { key: 'sendTime', title: '发布时间', type: 'datetime', system: true, list: { width: 170 } },
    { key: 'cancelTime', title: '撤销时间', type: 'datetime', system: true, list: false },
    {
      key: 'delFlag',
      title: '删除状态',
      type: 'string',
      system: true,
      queryable: false,
      list: false,
      export: false,
      superQuery: false,
      terminal: false,
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
  // released from a draft or after a revoke; the notice.release / notice.revoke commands call them
  states: {
    field: 'sendStatus',
    label: 'titile',
    texts: { '0': '未发布', '1': '已发布', '2': '已撤销' },
    transitions: {
      release: {
        title: '发布',
        from: [SEND_STATUS.draft, SEND_STATUS.revoked],
        to: SEND_STATUS.released,
        endpoint: RELEASE,
        done: NOTICE_MSG.released,
        refused: NOTICE_MSG.notDraft,
        command: false,
      },
      revoke: {
        title: '撤销',
        from: [SEND_STATUS.released],
        to: SEND_STATUS.revoked,
        endpoint: REVOKE,
        done: NOTICE_MSG.revoked,
        refused: NOTICE_MSG.notReleased,
        command: false,
      },
    },
  },
});

/** Release, revoke and the reader's side (jeecg-api.md §6.8). */
export const NOTICE_ENDPOINTS = {
  release: RELEASE,
  revoke: REVOKE,
  /** the caller's unread notices and system messages (the bell) */
  listByUser: endpoint('GET', `${PATH}/listByUser`, AUTHENTICATED),
  /** mark one of the caller's notices read */
  read: endpoint('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', AUTHENTICATED, ['POST']),
  readAll: endpoint('PUT', '/sys/sysAnnouncementSend/readAll', AUTHENTICATED, ['POST']),
  /** 我的消息: a page of the caller's notices, read or not */
  mine: endpoint('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', AUTHENTICATED),
  /**
   * `?anntId=` (optional): the original client's call after reading a notice in 我的消息, so its
   * bell reloads. JeecgBoot re-broadcasts to every recipient; here only the caller's own bells are
   * told, and only about a notice they received.
   */
  syncNotic: endpoint('GET', `${PATH}/syncNotic`, AUTHENTICATED),
} as const;

/** A notice as the bell and 我的消息 show it. */
export interface NoticeItem {
  id: string;
  anntId?: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime?: string | null;
  priority: string;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
  readFlag?: string;
}

/** listByUser's answer. */
export interface NoticesByUser {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
}
