import type { ColDef } from 'ag-grid-community';
import type { UserRow } from './api/get-users.ts';

/** Sorting and filtering happen on the server: the grid's own comparator keeps the server order. */
const serverSide = { comparator: () => 0, sortable: true } as const;
const textFilter = {
  filter: 'agTextColumnFilter',
  floatingFilter: true,
  filterParams: {
    filterOptions: ['contains', 'equals', 'notEqual', 'startsWith', 'endsWith'],
    maxNumConditions: 1,
  },
} as const;

export const USER_COLUMNS: ColDef<UserRow>[] = [
  { field: 'username', headerName: '用户账号', ...serverSide, ...textFilter, width: 130 },
  { field: 'realname', headerName: '用户姓名', ...serverSide, ...textFilter, width: 120 },
  { field: 'sex_dictText', headerName: '性别', ...serverSide, width: 80 },
  { field: 'birthday', headerName: '生日', ...serverSide, width: 120 },
  { field: 'phone', headerName: '手机号码', ...serverSide, ...textFilter, width: 140 },
  { field: 'orgCodeTxt', headerName: '部门', width: 180 },
  { field: 'status_dictText', headerName: '状态', ...serverSide, width: 90 },
  { field: 'createTime', headerName: '创建时间', ...serverSide, width: 170 },
];

/** AG Grid text filter → JeecgBoot search-input modes (`*v*`, `v`, `!v`, `v*`, `*v`). */
export function filterToParam(model: { type?: string; filter?: string } | undefined): string | undefined {
  const v = model?.filter?.trim();
  if (!v) return undefined;
  switch (model?.type) {
    case 'equals':
      return v;
    case 'notEqual':
      return `!${v}`;
    case 'startsWith':
      return `${v}*`;
    case 'endsWith':
      return `*${v}`;
    default:
      return `*${v}*`;
  }
}
