import { useState, type FormEvent } from 'react';
import { FORM_RULES, RULE_MESSAGES } from '../../../shared/validation.ts';
import { passwordSchema, firstIssue } from '../../../shared/user.ts';
import type { Result } from '../../../shared/api.ts';
import { Button, Field, Input } from '../../components/ui.tsx';
import { requestTo } from '../../lib/api-client.ts';
import { AuthFrame } from './auth-frame.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

/** /user/alteration: forgot password — verify the phone by SMS, then set a new password. */
export function AlterationPage() {
  const [step, setStep] = useState<'verify' | 'reset' | 'done'>('verify');
  const [phone, setPhone] = useState('');
  const [smscode, setSmscode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (!FORM_RULES.mobile.pattern.test(phone)) return setError(FORM_RULES.mobile.message);
    const r = await requestTo<Result<{ username: string }>>(ENDPOINTS.auth.phoneVerification, {
      body: { phone, smscode },
    });
    if (!r.success) return setError(r.message);
    setUsername(r.result.username);
    setError('');
    setStep('reset');
  }
  async function reset(e: FormEvent) {
    e.preventDefault();
    const p = passwordSchema.safeParse(password);
    if (!p.success) return setError(firstIssue(p.error));
    if (password !== confirm) return setError(RULE_MESSAGES.passwordMismatch);
    const r = await requestTo<Result<string>>(ENDPOINTS.auth.passwordChange, {
      body: { username, password, phone, smscode },
    });
    if (!r.success) return setError(r.message);
    setStep('done');
  }

  return (
    <AuthFrame title="找回密码">
      {step === 'verify' && (
        <form onSubmit={verify} className="space-y-3">
          <Field label="手机号">
            <Input autoFocus value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
          <Field label="验证码">
            <div className="flex gap-2">
              <Input value={smscode} onChange={(e) => setSmscode(e.target.value)} />
              <SmsCodeButton mobile={phone} mode="2" onError={setError} />
            </div>
          </Field>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary" className="w-full justify-center">
            下一步
          </Button>
        </form>
      )}
      {step === 'reset' && (
        <form onSubmit={reset} className="space-y-3">
          <p className="text-sm text-gray-600">账号：{username}</p>
          <Field label="新密码">
            <Input type="password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label="确认新密码">
            <Input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary" className="w-full justify-center">
            提交
          </Button>
        </form>
      )}
      {step === 'done' && <p className="text-green-700">密码重置成功!</p>}
      <a className="mt-4 block text-center text-sm text-[var(--primary)]" href="/user/login">
        返回登录
      </a>
    </AuthFrame>
  );
}
