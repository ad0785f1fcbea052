import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { CODE, type Result } from '../../shared/api.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import { EXPIRED_MESSAGE, requestTo } from '../lib/api-client.ts';
import { useReauth } from '../lib/reauth.ts';
import { session, type UserInfo } from '../lib/session.ts';
import { Button, Field, Input } from './ui.tsx';

type LoginAnswer = Result<{ token: string; userInfo: UserInfo; mustChangePassword?: boolean }>;

/**
 * 登录已过期 in the middle of work: the same account signs in again here and the refused request
 * runs again (lib/reauth.ts), so nothing on the page is lost. 退出登录 ends the session instead.
 */
export function ReauthDialog() {
  const open = useReauth();
  return open ? <ReauthForm key={open.username} username={open.username} settle={open.settle} /> : null;
}

function ReauthForm({ username, settle }: { username: string; settle(signedIn: boolean): void }) {
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ key: string; image: string; value: string } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const loadCaptcha = async () => {
    const key = String(Date.now());
    const r = await requestTo<Result<string>>(ENDPOINTS.auth.captcha, {}, { key });
    setCaptcha({ key, image: r.result, value: '' });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError('请输入密码');
    setBusy(true);
    setError('');
    try {
      const res = await requestTo<LoginAnswer>(ENDPOINTS.auth.login, {
        body: { username, password, captcha: captcha?.value, checkKey: captcha?.key, remember_me: true },
      });
      if (res.success && Number(res.code) === CODE.OK) {
        // a password set by someone else must be replaced on the login page first
        if (res.result.mustChangePassword) return settle(false);
        session.login(res.result);
        return settle(true);
      }
      setError(res.message || '登录失败');
      if (res.code === CODE.CAPTCHA_WRONG || res.message === '验证码无效' || captcha) await loadCaptcha();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    // closing it any other way would leave the waiting requests hanging: only its two buttons end it
    <Dialog.Root open onOpenChange={() => undefined}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[57] bg-black/30" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          className="fixed left-1/2 top-24 z-[58] w-[min(420px,calc(100vw-2rem))] -translate-x-1/2 rounded bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="mb-1 text-base font-semibold">登录已过期</Dialog.Title>
          <Dialog.Description className="mb-3 text-sm text-gray-700">
            {EXPIRED_MESSAGE}。重新登录后继续当前操作，页面上未保存的内容不会丢失。
          </Dialog.Description>
          <form aria-label="重新登录" onSubmit={(e) => void submit(e)} className="space-y-3">
            <Field label="用户名">
              <Input value={username} readOnly autoComplete="username" />
            </Field>
            <Field label="密码" error={error}>
              <Input
                autoFocus
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError('');
                }}
              />
            </Field>
            {captcha && (
              <Field label="验证码">
                <div className="flex gap-2">
                  <Input
                    value={captcha.value}
                    onChange={(e) => setCaptcha({ ...captcha, value: e.target.value })}
                  />
                  <button type="button" onClick={() => void loadCaptcha()} aria-label="换一张验证码">
                    <img src={captcha.image} alt="验证码" className="h-8" />
                  </button>
                </div>
              </Field>
            )}
            <div className="flex justify-end gap-2 pt-1">
              <Button onClick={() => settle(false)}>退出登录</Button>
              <Button type="submit" variant="primary" disabled={busy}>
                {busy ? '登录中…' : '重新登录'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
