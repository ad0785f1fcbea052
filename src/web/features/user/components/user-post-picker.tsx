import { BusinessSelectModal } from '../../../components/data-grid/dialogs/business-select-modal.tsx';
import type { PickColumn } from '../../../components/data-grid/dialogs/pick-table.tsx';
import { POSITION } from '../../../../shared/resources/position.ts';
import type { UserPost } from '../api/get-user-posts.ts';

/** The positions' listed fields (dictionary fields by their text), from the declaration. */
const COLUMNS: PickColumn[] = POSITION.surfaces.list
  .filter((f) => !f.system)
  .map((f) => ({ title: f.title, dataIndex: f.dict ? `${f.key}_dictText` : f.key }));

/**
 * 选择职务: the business select modal over the positions' list endpoint, many positions, searched by
 * name; the codes already chosen start selected. Confirming returns the chosen codes and names.
 */
export function UserPostPicker({
  open,
  codes,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  codes: string[];
  onCancel(): void;
  onConfirm(posts: UserPost[]): void;
}) {
  return (
    <BusinessSelectModal
      open={open}
      title="选择职务"
      url={POSITION.endpoints.list.path}
      columns={COLUMNS}
      rowKey="code"
      multi
      value={codes}
      searchParam="name"
      onCancel={onCancel}
      onConfirm={(rows) =>
        onConfirm(rows.map((r) => ({ code: String(r.code), name: String(r.name ?? r.code) })))
      }
    />
  );
}
