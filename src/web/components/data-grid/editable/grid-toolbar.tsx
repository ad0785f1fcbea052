import { useState } from 'react';
import { Button } from '../../ui.tsx';
import { commandHint } from '../../../shell/command-hint.ts';
import { loadAddRowSettings, saveAddRowSettings, type AddRowSettings } from './add-row-settings.ts';
import { TOOLBAR_BUTTONS, type ToolbarButton } from './toolbar-auth.ts';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** 新增 settings pop-over: rows to add and where (0 = bottom), stored locally (spec §5, §9). */
function AddRowSettingsPopover({ onClose }: { onClose(s: AddRowSettings): void }) {
  const [s, setS] = useState(() => loadAddRowSettings(storage()));
  const save = () => onClose(saveAddRowSettings(storage(), s));
  return (
    <div
      role="dialog"
      aria-label="新增设置"
      className="absolute top-full left-0 z-30 mt-1 w-56 space-y-2 rounded border border-gray-200 bg-white p-3 text-sm shadow-lg"
      onKeyDown={(e) => {
        if (e.key === 'Escape') save();
      }}
    >
      <label className="flex items-center justify-between gap-2">
        <span>新增行数</span>
        <input
          type="number"
          min={1}
          aria-label="新增行数"
          className="w-20 rounded border border-gray-300 px-1"
          value={s.count}
          onChange={(e) => setS((o) => ({ ...o, count: Number(e.target.value) }))}
        />
      </label>
      <label className="flex items-center justify-between gap-2">
        <span>插入位置</span>
        <input
          type="number"
          min={0}
          aria-label="插入位置"
          className="w-20 rounded border border-gray-300 px-1"
          value={s.position}
          onChange={(e) => setS((o) => ({ ...o, position: Number(e.target.value) }))}
        />
      </label>
      <p className="text-xs text-gray-600">位置 0 为末尾，N 为第 N 行</p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={s.scroll}
          onChange={(e) => setS((o) => ({ ...o, scroll: e.target.checked }))}
        />
        <span>新增后滚动到新行</span>
      </label>
      <div className="flex justify-end">
        <Button size="sm" variant="primary" onClick={save}>
          确定
        </Button>
      </div>
    </div>
  );
}

/** Grid toolbar actions, each a registered widget too (so commands can run them). */
export interface GridToolbarActions {
  add(): void;
  insert(): void;
  remove(): void;
  moveUp(): void;
  moveDown(): void;
}

const ALL_BUTTONS: ReadonlySet<ToolbarButton> = new Set(TOOLBAR_BUTTONS);

/**
 * The editable grid's toolbar: 新增 (with settings), 插入, 删除, 上移, 下移; `visible` leaves out
 * the buttons an auth prefix hides.
 */
export function GridToolbar({
  label,
  actions,
  visible = ALL_BUTTONS,
}: {
  label: string;
  actions: GridToolbarActions;
  visible?: ReadonlySet<ToolbarButton>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div role="toolbar" aria-label={label} className="relative mb-2 flex flex-wrap items-center gap-2">
      {visible.has('add') && (
        <span className="relative inline-flex">
          <Button variant="primary" title={commandHint('grid.addRow', '新增')} onClick={actions.add}>
            新增
          </Button>
          <Button
            aria-label="新增设置"
            aria-expanded={open}
            className="ml-px"
            onClick={() => setOpen((o) => !o)}
          >
            ⚙
          </Button>
          {open && <AddRowSettingsPopover onClose={() => setOpen(false)} />}
        </span>
      )}
      {visible.has('insert') && (
        <Button title={commandHint('grid.insertRow', '插入')} onClick={actions.insert}>
          插入
        </Button>
      )}
      {visible.has('remove') && (
        <Button variant="danger" onClick={actions.remove}>
          删除
        </Button>
      )}
      {visible.has('moveUp') && (
        <Button title={commandHint('grid.moveUp', '上移')} onClick={actions.moveUp}>
          上移
        </Button>
      )}
      {visible.has('moveDown') && (
        <Button title={commandHint('grid.moveDown', '下移')} onClick={actions.moveDown}>
          下移
        </Button>
      )}
    </div>
  );
}
