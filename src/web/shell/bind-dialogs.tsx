import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../components/modal.tsx';
import { Button, Field, Input } from '../components/ui.tsx';
import { callTo } from '../lib/api-client.ts';
import { registerWidget, tryCommand } from './runtime.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import {
  SSO_MSG,
  THIRD_TYPES,
  type EnabledTypes,
  type ThirdBinding,
  type ThirdType,
} from '../../shared/sso.ts';

type Open =
  | { mode: 'bind'; choices: Array<{ value: string; label: string }>; value: string }
  | { mode: 'unbind'; choices: Array<{ value: string; label: string }>; value: string };

const TEXT = {
  bind: { title: '绑定第三方账号', pick: '第三方账号', submit: '前往绑定', none: SSO_MSG.notConfigured },
  unbind: { title: '解除绑定', pick: '要解除的绑定', submit: '解除绑定', none: '尚未绑定第三方账号' },
} as const;

/**
 * The dialogs of `account.bind` and `account.unbind` (which provider or identity, the current
 * password), and `browser.leave`: the browser leaves for a provider's sign-in page.
 */
export function BindDialogs() {
  const [open, setOpen] = useState<Open | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    const offs = [
      registerWidget('browser.leave', (props) => window.location.assign(String(props?.url))),
      registerWidget('account.bind', async (props) => {
        const types = await callTo<EnabledTypes>(ENDPOINTS.thirdApp.getEnabledType);
        const choices = THIRD_TYPES.filter((t) => types[t]).map((t) => ({ value: t, label: types.names[t] }));
        const wanted = props?.thirdType as ThirdType | undefined;
        setOpen({
          mode: 'bind',
          choices,
          value: choices.find((c) => c.value === wanted)?.value ?? choices[0]?.value ?? '',
        });
      }),
      registerWidget('account.unbind', async (props) => {
        const rows = await callTo<ThirdBinding[]>(ENDPOINTS.self.thirdBindings);
        const choices = rows.map((r) => ({
          value: r.id,
          label: `${r.providerName}（${r.realname ?? r.thirdUserId}）`,
        }));
        const wanted = String(props?.target ?? '');
        const hit = rows.find((r) => r.id === wanted || r.thirdType === wanted);
        setOpen({ mode: 'unbind', choices, value: hit?.id ?? choices[0]?.value ?? '' });
      }),
    ];
    return () => offs.forEach((o) => o());
  }, []);
  const close = () => {
    setOpen(null);
    setPassword('');
    setError('');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!open) return;
    const args =
      open.mode === 'bind' ? { thirdType: open.value, password } : { target: open.value, password };
    // the dialog only collects the fields: the command does the work
    const outcome = await tryCommand(`account.${open.mode}`, args, 'button');
    if ('error' in outcome) return setError(outcome.error);
    close();
  };
  const text = open ? TEXT[open.mode] : TEXT.bind;
  return (
    <Modal open={!!open} onOpenChange={(o) => !o && close()} title={text.title} width={480}>
      {open && !open.choices.length && (
        <div className="space-y-3">
          <p className="text-sm text-gray-700">{text.none}</p>
          <div className="flex justify-end">
            <Button onClick={close}>关闭</Button>
          </div>
        </div>
      )}
      {open && open.choices.length > 0 && (
        <form onSubmit={submit} className="space-y-3">
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm text-gray-700">{text.pick}</legend>
            {open.choices.map((c) => (
              <label key={c.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="bind-choice"
                  value={c.value}
                  checked={open.value === c.value}
                  onChange={() => setOpen({ ...open, value: c.value })}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <Field label="当前密码（登录不足 5 分钟可留空）" error={error || undefined}>
            <Input
              type="password"
              autoFocus
              autoComplete="current-password"
              value={password}
              onChange={(ev) => setPassword(ev.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button onClick={close}>取消</Button>
            <Button type="submit" variant={open.mode === 'bind' ? 'primary' : 'danger'}>
              {text.submit}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
