import { dictEditSchema } from '../../../shared/dict-admin.ts';
import type { Page } from '../../../shared/api.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import type { ListPageConfig } from '../../components/data-grid/list/types.ts';
import { EntityFormHost, type FormField } from '../../components/entity-form.tsx';
import { call } from '../../lib/api-client.ts';
import { DictItemsDialog } from './dict-items-dialog.tsx';
import { DictItemList } from './dict-item-list.tsx';

interface DictRow {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  type: number | null;
  createTime: string | null;
  [key: string]: unknown;
}

/** Value types of a dictionary (sys_dict.type). */
export const DICT_TYPES = [
  { value: '0', text: '字符串' },
  { value: '1', text: '数字' },
];

const DICT_LIST: ListPageConfig<DictRow> = {
  pageKey: 'dict',
  title: '数据字典',
  url: { list: '/sys/dict/list' },
  queryKey: ['dicts'],
  columns: [
    { field: 'dictName', title: '字典名称', width: 200, filter: true },
    { field: 'dictCode', title: '字典编码', width: 200, filter: true },
    { field: 'description', title: '描述', width: 260 },
    {
      field: 'type',
      title: '值类型',
      width: 100,
      render: (row) => DICT_TYPES.find((t) => t.value === String(row.type ?? 0))?.text ?? '',
    },
    { field: 'createTime', title: '创建时间', width: 180 },
  ],
  search: [
    { key: 'dictName', label: '字典名称' },
    { key: 'dictCode', label: '字典编码' },
  ],
  superQuery: [
    { field: 'dictName', title: '字典名称', type: 'string' },
    { field: 'dictCode', title: '字典编码', type: 'string' },
    { field: 'description', title: '描述', type: 'string' },
    { field: 'createTime', title: '创建时间', type: 'datetime' },
  ],
  authPrefix: 'dict:',
  actionsWidth: 200,
  detailTabs: (row) => [{ key: 'items', title: '字典项', content: <DictItemList dictId={row.id} /> }],
};

const FIELDS: FormField[] = [
  { key: 'dictName', label: '字典名称' },
  { key: 'dictCode', label: '字典编码' },
  { key: 'description', label: '描述' },
  { key: 'type', label: '值类型', type: 'select', options: DICT_TYPES },
];

const loadDict = async (id: string) => {
  const page = await call<Page<Record<string, unknown>>>('GET', '/sys/dict/list', { query: { id } });
  return page.records[0] ?? {};
};

/** 数据字典: the dictionary list, its add/edit form and the 字典配置 item grid; the rest is commands. */
export default function DictPage() {
  return (
    <ListPage config={DICT_LIST}>
      <EntityFormHost
        widget="dict.form"
        title="字典"
        fields={FIELDS}
        schema={dictEditSchema.partial({ id: true })}
        load={loadDict}
        commands={{ add: 'dict.add', edit: 'dict.edit' }}
      />
      <DictItemsDialog />
    </ListPage>
  );
}
