import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/ui.tsx';
import { UserPicker } from '../../components/data-grid/super-query/pickers.tsx';
import { runCommand } from '../../shell/runtime.ts';
import type { RoleRef } from '../../../../commands/role/targets.ts';

/** 添加用户: pick users by name (↑↓ Enter) and add them to the role (`role.addUsers`). */
export function AddRoleUsersDialog({ role, onClose }: { role: RoleRef | null; onClose(): void }) {
  const [users, setUsers] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setUsers([]), [role?.id]);
  const add = async () => {
    if (!role) return;
    setSaving(true);
    const done = await runCommand('role.addUsers', { role: role.roleCode, users }, 'button');
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={!!role}
      onOpenChange={(o) => !o && onClose()}
      title={role ? `添加用户 - ${role.roleName}` : '添加用户'}
      width={600}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={saving || users.length === 0} onClick={() => void add()}>
            确定
          </Button>
        </>
      }
    >
      <div className="flex min-h-24 items-start">
        <UserPicker
          label="选择用户"
          value={users}
          multiple
          onChange={(v) => setUsers(Array.isArray(v) ? v : v ? [v] : [])}
        />
      </div>
    </Modal>
  );
}
