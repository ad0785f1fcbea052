import { useEffect, useState, type FormEvent } from 'react';
import { RULE_MESSAGES } from '../../shared/validation.ts';
import { Modal } from '../components/modal.tsx';
import { Button, Field, Input } from '../components/ui.tsx';
import { callTo } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';
import { registerWidget, runCommand } from './runtime.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { BindDialogs } from './bind-dialogs.tsx';

function ChangePassword({ open, onClose }: { open: boolean; onClose(): void }) {
  const [f, setF] = useState({ oldpassword: '', password: '', confirmpassword: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof f, string>>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!f.oldpassword) next.oldpassword = RULE_MESSAGES.oldPasswordRequired;
    if (!f.password) next.password = RULE_MESSAGES.newPasswordRequired;
    if (!f.confirmpassword) next.confirmpassword = RULE_MESSAGES.confirmPasswordRequired;
    else if (f.confirmpassword !== f.password) next.confirmpassword = RULE_MESSAGES.passwordMismatch;
    setErrors(next);
    if (Object.keys(next).length) return;
    // the dialog only collects the fields: the command does the work
    const result = await runCommand('account.changePassword', f, 'button');
    if (!result) return;
    setF({ oldpassword: '', password: '', confirmpassword: '' });
    onClose();
  };
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: e.target.value });
  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title="修改密码" width={800}>
      <form onSubmit={submit} className="space-y-3">
        <Field label="旧密码" error={errors.oldpassword}>
          <Input type="password" autoFocus value={f.oldpassword} onChange={set('oldpassword')} />
        </Field>
        <Field label="新密码" error={errors.password}>
          <Input type="password" value={f.password} onChange={set('password')} />
        </Field>
        <Field label="确认新密码" error={errors.confirmpassword}>
          <Input type="password" value={f.confirmpassword} onChange={set('confirmpassword')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="primary">
            确定
          </Button>
        </div>
      </form>
    </Modal>
  );
}

interface Depart {
  orgCode: string;
  departName: string;
}

function SwitchDepart({ departs, onClose }: { departs: Depart[] | null; onClose(): void }) {
  const { userInfo } = useSession();
  const [orgCode, setOrgCode] = useState('');
  const [error, setError] = useState('');
  useEffect(() => setOrgCode(userInfo?.orgCode ?? ''), [userInfo, departs]);
  const submit = async () => {
    if (!orgCode) return setError('请选择部门');
    if (await runCommand('account.switchDepart', { orgCode }, 'button')) onClose();
  };
  return (
    <Modal
      open={!!departs}
      onOpenChange={(o) => !o && onClose()}
      title="部门选择"
      width={450}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      <Field label="部门" error={error}>
        <select
          className="w-full rounded border p-1 text-sm"
          value={orgCode}
          onChange={(e) => setOrgCode(e.target.value)}
        >
          <option value="">请选择部门</option>
          {departs?.map((d) => (
            <option key={d.orgCode} value={d.orgCode}>
              {d.departName}
            </option>
          ))}
        </select>
      </Field>
    </Modal>
  );
}

/** The user menu's dialogs, opened by the account commands. */
export function AccountDialogs() {
  const [pwd, setPwd] = useState(false);
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  useEffect(() => {
    const offs = [
      registerWidget('account.changePassword', () => setPwd(true)),
      registerWidget('account.switchDepart', async () => {
        const { list } = await callTo<{ list: Depart[] }>(ENDPOINTS.self.departs);
        if (!list.length) throw new Error('您尚未设置部门信息!');
        setDeparts(list);
      }),
    ];
    return () => offs.forEach((o) => o());
  }, []);
  return (
    <>
      <ChangePassword open={pwd} onClose={() => setPwd(false)} />
      <SwitchDepart departs={departs} onClose={() => setDeparts(null)} />
      <BindDialogs />
    </>
  );
}
