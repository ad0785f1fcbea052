import { PERM } from '../../../shared/permissions.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import type { ListPageConfig } from '../../components/data-grid/list/types.ts';

interface LogRow {
  id: string;
  logContent: string | null;
  username: string | null;
  ip: string | null;
  costTime: number | null;
  logType_dictText: string | null;
  operateType_dictText: string | null;
  createTime: string | null;
  [key: string]: unknown;
}

const LOG_LIST: ListPageConfig<LogRow> = {
  pageKey: 'log',
  title: '日志',
  url: { list: '/sys/log/list', exportXls: '/sys/log/exportXls' },
  perms: { export: PERM.log.export },
  queryKey: ['logs'],
  columns: [
    { field: 'logContent', title: '日志内容', filter: 'keyWord', sortField: false },
    { field: 'username', title: '操作人', width: 120, filter: true },
    { field: 'ip', title: 'IP', width: 140, filter: true },
    { field: 'costTime', title: '耗时(毫秒)', width: 110 },
    { field: 'logType_dictText', title: '日志类型', width: 110 },
    { field: 'operateType_dictText', title: '操作类型', width: 110 },
    { field: 'createTime', title: '创建时间', width: 180 },
  ],
  search: [
    { key: 'keyWord', label: '搜索日志' },
    { key: 'logType', label: '日志类型', type: 'select', dictCode: 'log_type' },
    { key: 'createTime_begin', label: '开始日期', type: 'date' },
    { key: 'createTime_end', label: '结束日期', type: 'date' },
  ],
  superQuery: [
    { field: 'username', title: '操作人', type: 'user' },
    { field: 'ip', title: 'IP', type: 'string' },
    { field: 'logType', title: '日志类型', type: 'select', dictCode: 'log_type' },
    { field: 'operateType', title: '操作类型', type: 'select', dictCode: 'operate_type' },
    { field: 'costTime', title: '耗时(毫秒)', type: 'int' },
    { field: 'createTime', title: '创建时间', type: 'datetime' },
  ],
  authPrefix: 'log:',
  actionsWidth: 100,
};

/** 日志管理: login and operation logs as a list page; delete and clear are the log commands. */
export default function LogPage() {
  return <ListPage config={LOG_LIST} />;
}
