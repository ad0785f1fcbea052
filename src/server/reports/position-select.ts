import { positionServer } from '../resources/position.ts';
import { resourceSelectReport } from './resource-select.ts';

/** 选择职务: the positions (post codes of users), columns and search from the declaration. */
export const positionSelectReport = resourceSelectReport(positionServer, {
  id: '6c7f1e0a2b3d4c5e8f9a0b1c2d3e4f03',
  code: 'position_select',
  name: '选择职务',
  sort: { column: 'code', order: 'asc' },
});
