import { Suspense, lazy, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { FORM_RULES } from '../../../shared/validation.ts';
import { CODE } from '../../../shared/api.ts';
import { Button, Field, Input } from '../../components/ui.tsx';
import { SliderCheck } from '../../components/slider-check.tsx';
import { requestTo } from '../../lib/api-client.ts';
import { session, type UserInfo } from '../../lib/session.ts';
import type { Result } from '../../../shared/api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { SsoEntry } from './sso-pages.tsx';

// only for a login that must replace its password: its rules (zod) stay off the login page
const SetOwnPassword = lazy(() =>
  import('./set-own-password.tsx').then((m) => ({ default: m.SetOwnPassword })),
);

type LoginResult = Result<{
  token: string;
  userInfo: UserInfo;
  sysAllDictItems?: Record<string, never[]>;
  /** the password was chosen by someone else: replace it before anything else */
  mustChangePassword?: boolean;
}>;

/** /user/login: account + password with the slider check, or phone + SMS code. */
export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'account' | 'phone'>('account');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [verified, setVerified] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string; value: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** a login that must first replace its password (SetOwnPassword) */
  const [pending, setPending] = useState<{ token: string; username: string; oldPassword?: string } | null>(
    null,
  );

  const enter = async (result: LoginResult['result']) => {
    session.login(result);
    await navigate({
      href:
        redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard/analysis',
    });
  };

  /** after the new password is saved (which signs every session out): sign in again with it */
  const afterOwnPassword = async (newPassword: string) => {
    const username = pending!.username;
    setPending(null);
    const res = await requestTo<LoginResult>(ENDPOINTS.auth.login, {
      body: { username, password: newPassword, remember_me: true },
    });
    if (res.success && Number(res.code) === CODE.OK && !res.result.mustChangePassword)
      return enter(res.result);
    setTab('account');
    setUsername(username);
    setPassword('');
    setVerified(false);
    setError(res.message || '密码已修改，请重新登录');
  };

  const loadCaptcha = async () => {
    const key = String(Date.now());
    const r = await requestTo<Result<string>>(ENDPOINTS.auth.captcha, {}, { key });
    setCaptcha({ key, image: r.result, value: '' });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (tab === 'account') {
      if (!username) return setError('请输入用户名');
      if (!password) return setError('请输入密码');
      if (!verified) return setError('请完成滑块验证');
    } else {
      if (!FORM_RULES.mobile.pattern.test(mobile)) return setError(FORM_RULES.mobile.message);
      if (!smsCode) return setError('请输入验证码');
    }
    setBusy(true);
    try {
      const res =
        tab === 'account'
          ? await requestTo<LoginResult>(ENDPOINTS.auth.login, {
              body: {
                username,
                password,
                captcha: captcha?.value,
                checkKey: captcha?.key,
                remember_me: true,
              },
            })
          : await requestTo<LoginResult>(ENDPOINTS.auth.phoneLogin, {
              body: { mobile, captcha: smsCode, remember_me: true },
            });
      if (res.success && Number(res.code) === CODE.OK) {
        if (res.result.mustChangePassword)
          return setPending({
            token: res.result.token,
            username: res.result.userInfo.username,
            ...(tab === 'account' ? { oldPassword: password } : {}),
          });
        return enter(res.result);
      }
      setError(res.message || '登录失败');
      if (res.code === CODE.CAPTCHA_WRONG || res.message === '验证码无效' || captcha) await loadCaptcha();
      setVerified(false);
    } catch (err) {
      // refused by the transport (rate limit, network): the message was shown; keep the form usable
      setError(err instanceof Error ? err.message : String(err));
      setVerified(false);
    } finally {
      setBusy(false);
    }
  }

  if (pending)
    return (
      <AuthFrame title="账号登录">
        <Suspense fallback={<p className="text-sm text-gray-700">加载中…</p>}>
          <SetOwnPassword
            token={pending.token}
            username={pending.username}
            oldPassword={pending.oldPassword}
            onDone={afterOwnPassword}
            onCancel={() => {
              // the half-open session is of no use: end it on the server too
              void requestTo(ENDPOINTS.auth.logout, { headers: { 'X-Access-Token': pending.token } }).catch(
                () => undefined,
              );
              setPending(null);
              setPassword('');
              setVerified(false);
            }}
          />
        </Suspense>
      </AuthFrame>
    );

  return (
    <AuthFrame title="账号登录">
      <div role="tablist" className="mb-4 flex gap-4 border-b text-sm">
        {(['account', 'phone'] as const).map((t) => (
          <button
            key={t}
            role="tab"
            aria-selected={tab === t}
            className={`-mb-px border-b-2 pb-2 ${tab === t ? 'border-[var(--primary)] text-[var(--primary)]' : 'border-transparent text-gray-500'}`}
            onClick={() => setTab(t)}
          >
            {t === 'account' ? '账号密码登录' : '手机号登录'}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="space-y-3">
        {tab === 'account' ? (
          <>
            <Field label="账号">
              <Input
                autoFocus
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </Field>
            <Field label="密码">
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            {captcha && (
              <Field label="验证码">
                <div className="flex gap-2">
                  <Input
                    value={captcha.value}
                    onChange={(e) => setCaptcha({ ...captcha, value: e.target.value })}
                  />
                  <img
                    src={captcha.image}
                    alt="验证码"
                    className="h-8 cursor-pointer"
                    onClick={() => void loadCaptcha()}
                  />
                </div>
              </Field>
            )}
            <SliderCheck verified={verified} onChange={setVerified} />
          </>
        ) : (
          <>
            <Field label="手机号">
              <Input
                autoFocus
                inputMode="numeric"
                value={mobile}
                onChange={(e) => setMobile(e.target.value)}
              />
            </Field>
            <Field label="验证码">
              <div className="flex gap-2">
                <Input inputMode="numeric" value={smsCode} onChange={(e) => setSmsCode(e.target.value)} />
                <SmsCodeButton mobile={mobile} mode="0" onError={setError} />
              </div>
            </Field>
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" className="w-full justify-center" disabled={busy}>
          登录
        </Button>
        <div className="flex justify-between text-sm">
          <a className="text-[var(--primary)]" href="/user/alteration">
            忘记密码
          </a>
          <a className="text-[var(--primary)]" href="/user/register">
            注册账户
          </a>
        </div>
      </form>
      <SsoEntry redirect={redirect} />
    </AuthFrame>
  );
}
