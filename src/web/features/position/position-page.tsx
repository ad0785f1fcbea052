import { PERM } from '../../../shared/permissions.ts';
import { SOCKET_KEYS } from '../../../shared/realtime.ts';
import { POSITION_RANK_DICT, positionEditSchema } from '../../../shared/position.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import type { ListPageConfig } from '../../components/data-grid/list/types.ts';
import { EntityFormHost, type FormField } from '../../components/entity-form.tsx';
import { call } from '../../lib/api-client.ts';

interface PositionRow {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText: string | null;
  createTime: string | null;
  [key: string]: unknown;
}

const POSITION_LIST: ListPageConfig<PositionRow> = {
  pageKey: 'position',
  title: '职务',
  url: {
    list: '/sys/position/list',
    exportXls: '/sys/position/exportXls',
    importExcel: '/sys/position/importExcel',
  },
  perms: { export: PERM.position.export, import: PERM.position.import },
  queryKey: ['positions'],
  columns: [
    { field: 'code', title: '职务编码', width: 160, filter: true },
    { field: 'name', title: '职务名称', width: 200, filter: true },
    { field: 'postRank_dictText', title: '职级', width: 120 },
    { field: 'createBy', title: '创建人', width: 120 },
    { field: 'createTime', title: '创建时间', width: 180 },
  ],
  search: [
    { key: 'name', label: '职务名称' },
    { key: 'postRank', label: '职级', type: 'select', dictCode: POSITION_RANK_DICT },
  ],
  superQuery: [
    { field: 'code', title: '职务编码', type: 'string' },
    { field: 'name', title: '职务名称', type: 'string' },
    { field: 'postRank', title: '职级', type: 'select', dictCode: POSITION_RANK_DICT },
    { field: 'createTime', title: '创建时间', type: 'datetime' },
  ],
  authPrefix: 'position:',
  socketKey: SOCKET_KEYS.position,
};

const FIELDS: FormField[] = [
  { key: 'code', label: '职务编码', fixedOnEdit: true },
  { key: 'name', label: '职务名称' },
  { key: 'postRank', label: '职级', type: 'select', dictCode: POSITION_RANK_DICT },
];

const loadPosition = (id: string) =>
  call<Record<string, unknown>>('GET', '/sys/position/queryById', { query: { id } });

/** 职务管理: a list page and its add/edit form; everything else is the position commands. */
export default function PositionPage() {
  return (
    <ListPage config={POSITION_LIST}>
      <EntityFormHost
        widget="position.form"
        title="职务"
        fields={FIELDS}
        schema={positionEditSchema.partial({ id: true })}
        load={loadPosition}
        commands={{ add: 'position.add', edit: 'position.edit' }}
      />
    </ListPage>
  );
}
