/** The query key prefix of every log reads; commands invalidate it after a write. */
export const LOGS_KEY = ['logs'] as const;

/** Columns the terminal shows for log entries. */
export const LOG_COLUMNS = [
  { key: 'createTime', title: '时间' },
  { key: 'logType_dictText', title: '类型' },
  { key: 'username', title: '操作人' },
  { key: 'ip', title: 'IP' },
  { key: 'logContent', title: '日志内容' },
];
