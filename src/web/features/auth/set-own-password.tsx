import { useState, type FormEvent } from 'react';
import { RULE_MESSAGES } from '../../../shared/validation.ts';
import { firstIssue, updatePasswordSchema } from '../../../shared/user.ts';
import type { Result } from '../../../shared/api.ts';
import { Button, Field, Input } from '../../components/ui.tsx';
import { requestTo } from '../../lib/api-client.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

/**
 * Shown right after a login whose password someone else chose (an import or an administrator's
 * reset): the server serves nothing else to that session until its owner picks their own password.
 * `oldPassword` is known after an account login; after an SMS login it is asked for.
 */
export function SetOwnPassword({
  token,
  username,
  oldPassword,
  onDone,
  onCancel,
}: {
  token: string;
  username: string;
  oldPassword?: string;
  onDone(password: string): Promise<void> | void;
  onCancel(): void;
}) {
  const [f, setF] = useState({ oldpassword: oldPassword ?? '', password: '', confirmpassword: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const parsed = updatePasswordSchema.safeParse({ username, ...f });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    if (f.confirmpassword !== f.password) return setError(RULE_MESSAGES.passwordMismatch);
    if (f.password === f.oldpassword) return setError('新密码不能与旧密码相同');
    setBusy(true);
    try {
      const res = await requestTo<Result<unknown>>(ENDPOINTS.self.updatePassword, {
        body: parsed.data,
        headers: { 'X-Access-Token': token },
      });
      if (!res.success) return setError(res.message || '操作失败');
      await onDone(f.password);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="set-own-password-title">
      <h2 id="set-own-password-title" className="text-base font-medium">
        设置新密码
      </h2>
      <p className="text-sm text-gray-600">您的密码由管理员设置，请先修改密码后再使用系统。</p>
      {oldPassword === undefined && (
        <Field label="旧密码">
          <Input
            type="password"
            autoComplete="current-password"
            autoFocus
            value={f.oldpassword}
            onChange={set('oldpassword')}
          />
        </Field>
      )}
      <Field label="新密码">
        <Input
          type="password"
          autoComplete="new-password"
          autoFocus={oldPassword !== undefined}
          value={f.password}
          onChange={set('password')}
        />
      </Field>
      <Field label="确认新密码">
        <Input
          type="password"
          autoComplete="new-password"
          value={f.confirmpassword}
          onChange={set('confirmpassword')}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button onClick={onCancel}>返回登录</Button>
        <Button type="submit" variant="primary" className="flex-1 justify-center" disabled={busy}>
          确定
        </Button>
      </div>
    </form>
  );
}
