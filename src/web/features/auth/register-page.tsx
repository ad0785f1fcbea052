import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { FORM_RULES, RULE_MESSAGES } from '../../../shared/validation.ts';
import { passwordSchema, usernameSchema, firstIssue } from '../../../shared/user.ts';
import type { Result } from '../../../shared/api.ts';
import { Button, Field, Input } from '../../components/ui.tsx';
import { requestTo } from '../../lib/api-client.ts';
import { AuthFrame } from './auth-frame.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

/** /user/register: account, password, phone and SMS code (validated with the shared rules). */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', password: '', confirm: '', phone: '', smscode: '' });
  const [error, setError] = useState('');
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const u = usernameSchema.safeParse(form.username);
    if (!u.success) return setError(firstIssue(u.error));
    const p = passwordSchema.safeParse(form.password);
    if (!p.success) return setError(firstIssue(p.error));
    if (form.password !== form.confirm) return setError(RULE_MESSAGES.passwordMismatch);
    if (!FORM_RULES.mobile.pattern.test(form.phone)) return setError(FORM_RULES.mobile.message);
    if (!form.smscode) return setError('请输入验证码');
    const r = await requestTo<Result<string>>(ENDPOINTS.auth.register, {
      body: { username: form.username, password: form.password, phone: form.phone, smscode: form.smscode },
    });
    if (!r.success) return setError(r.message);
    await navigate({ to: '/user/register-result', search: { account: form.username } });
  }

  return (
    <AuthFrame title="注册">
      <form onSubmit={submit} className="space-y-3">
        <Field label="账号">
          <Input autoFocus value={form.username} onChange={set('username')} />
        </Field>
        <Field label="密码">
          <Input type="password" value={form.password} onChange={set('password')} />
        </Field>
        <Field label="确认密码">
          <Input type="password" value={form.confirm} onChange={set('confirm')} />
        </Field>
        <Field label="手机号">
          <Input inputMode="numeric" value={form.phone} onChange={set('phone')} />
        </Field>
        <Field label="验证码">
          <div className="flex gap-2">
            <Input value={form.smscode} onChange={set('smscode')} />
            <SmsCodeButton mobile={form.phone} mode="1" onError={setError} />
          </div>
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" className="w-full justify-center">
          注册
        </Button>
        <a className="block text-center text-sm text-[var(--primary)]" href="/user/login">
          使用已有账户登录
        </a>
      </form>
    </AuthFrame>
  );
}

/** /user/register-result */
export function RegisterResultPage({ account }: { account?: string }) {
  return (
    <AuthFrame title="注册结果">
      <p className="mb-4 text-green-700">你的账户：{account ?? ''} 注册成功</p>
      <a className="text-[var(--primary)]" href="/user/login">
        返回登录
      </a>
    </AuthFrame>
  );
}
