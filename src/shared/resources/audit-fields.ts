import type { ResourceField } from './define.ts';

/**
 * The audit columns every table has (src/server/db/schema/columns.ts `auditColumns`): written by the
 * server, never by a client. `createBy` and `createTime` are listed and exported by default.
 */
export function auditFields(
  shown: Partial<
    Record<'createBy' | 'createTime' | 'updateBy' | 'updateTime', Omit<Partial<ResourceField>, 'key'>>
  > = {},
): ResourceField[] {
  return [
    { key: 'createBy', title: '创建人', type: 'string', system: true, terminal: false, ...shown.createBy },
    { key: 'createTime', title: '创建时间', type: 'datetime', system: true, ...shown.createTime },
    {
      key: 'updateBy',
      title: '更新人',
      type: 'string',
      system: true,
      list: false,
      export: false,
      superQuery: false,
      ...shown.updateBy,
    },
    {
      key: 'updateTime',
      title: '更新时间',
      type: 'datetime',
      system: true,
      list: false,
      export: false,
      superQuery: false,
      ...shown.updateTime,
    },
  ];
}
