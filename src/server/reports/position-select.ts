import { PERM } from '../../shared/permissions.ts';
import { sysPosition } from '../db/schema/index.ts';
import type { ReportDefinition, ReportSource } from './types.ts';

const source: ReportSource<typeof sysPosition> = {
  table: sysPosition,
  fields: {
    id: { column: sysPosition.id, type: 'string', sortable: false },
    code: { column: sysPosition.code, type: 'string' },
    name: { column: sysPosition.name, type: 'string' },
    postRank: { column: sysPosition.postRank, type: 'string' },
    createTime: { column: sysPosition.createTime, type: 'datetime', filterable: false },
  },
  defaultSort: { column: 'code', order: 'asc' },
  tieBreaker: sysPosition.id,
  async toRecords(_db, rows) {
    return rows.map((p) => ({ id: p.id, code: p.code, name: p.name, postRank: p.postRank }));
  },
};

/** 选择职务: the positions (post codes of users). */
export const positionSelectReport: ReportDefinition = {
  id: '6c7f1e0a2b3d4c5e8f9a0b1c2d3e4f03',
  code: 'position_select',
  name: '选择职务',
  permission: PERM.position.list,
  columns: [
    { title: '职务编码', dataIndex: 'code', sorter: true },
    { title: '职务名称', dataIndex: 'name', sorter: true },
    { title: '职级', dataIndex: 'postRank', dict: 'position_rank', sorter: true },
  ],
  query: [
    { field: 'code', label: '职务编码', view: 'string', mode: 'single' },
    { field: 'name', label: '职务名称', view: 'string', mode: 'single' },
    { field: 'postRank', label: '职级', view: 'list', mode: 'single', dict: 'position_rank' },
  ],
  source,
};
