import { BusinessSelectModal } from '../../../components/data-grid/dialogs/business-select-modal.tsx';
import type { PickColumn } from '../../../components/data-grid/dialogs/pick-table.tsx';
import type { UserPost } from '../api/get-user-posts.ts';

const COLUMNS: PickColumn[] = [
  { title: '职务编码', dataIndex: 'code' },
  { title: '职务名称', dataIndex: 'name' },
  { title: '职级', dataIndex: 'postRank_dictText' },
];

/**
 * 选择职务: the business select modal over GET /sys/position/list, many positions, searched by
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
      url="/sys/position/list"
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
