import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/ui.tsx';
import { EditableGrid, type EditableGridHandle } from '../../components/data-grid/editable/editable-grid.tsx';
import { notify } from '../../lib/notify.ts';
import { registerWidget, runCommand } from '../../shell/runtime.ts';
import { dictItemColumns } from './dict-item-columns.ts';
import { dictItemsQuery } from './api/get-dict-items.ts';
import { SOCKET_KEYS } from '../../../shared/realtime.ts';

interface DictRef {
  id: string;
  dictName: string;
  dictCode: string;
  type?: number | null;
}

/**
 * 字典配置: the items of one dictionary in an editable grid (opened by the `dict.items` command).
 * 保存 checks the grid's rules, then runs `dict.saveItems` with every row in grid order and the
 * removed ids; the server checks the same rules and saves all or nothing. Stays open on failure.
 */
export function DictItemsDialog() {
  const [dict, setDict] = useState<DictRef | null>(null);
  const grid = useRef<EditableGridHandle>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => registerWidget('dict.items', (props) => setDict((props as { dict: DictRef }).dict)), []);
  const items = useQuery({ ...dictItemsQuery(dict?.id ?? ''), enabled: !!dict });
  const columns = useMemo(() => dictItemColumns(dict?.type === 1), [dict?.type]);

  const save = async () => {
    if (!dict || !grid.current) return;
    const errors = await grid.current.validate();
    if (errors.length) return notify('warning', errors[0]!.message);
    const { values, deleteIds } = await grid.current.getValues();
    // rows the server does not know yet are sent without an id (inserted)
    const saved = new Set((items.data ?? []).map((i) => String(i.id)));
    const rows = values.map((v) => (saved.has(String(v.id)) ? v : { ...v, id: '' }));
    setSaving(true);
    const result = await runCommand(
      'dict.saveItems',
      { dict: dict.id, rows, deleteIds: deleteIds.join(',') },
      'button',
    );
    setSaving(false);
    if (result) setDict(null);
  };

  return (
    <Modal
      open={!!dict}
      onOpenChange={(o) => !o && setDict(null)}
      title={dict ? `字典配置 - ${dict.dictName}（${dict.dictCode}）` : '字典配置'}
      width={1000}
      footer={
        <>
          <Button onClick={() => setDict(null)}>关闭</Button>
          <Button variant="primary" disabled={saving || !items.data} onClick={() => void save()}>
            保存
          </Button>
        </>
      }
    >
      {items.isError && <p role="alert">{String((items.error as Error).message)}</p>}
      {items.data && (
        <EditableGrid
          ref={grid}
          title="字典项"
          columns={columns}
          rows={items.data}
          sortKey="sortOrder"
          authPre="dict"
          socketKey={SOCKET_KEYS.dictItem}
          maxHeight={460}
        />
      )}
    </Modal>
  );
}
