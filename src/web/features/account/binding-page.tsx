import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callTo } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../components/ui.tsx';
import { SettingsFrame } from './settings-frame.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';
import { BINDINGS_KEY } from '../../../../commands/account/bindings.ts';
import {
  SSO_MSG,
  SSO_ROUTES,
  THIRD_TYPES,
  isThirdType,
  type EnabledTypes,
  type ThirdBinding,
} from '../../../shared/sso.ts';

/**
 * What the provider's return says (`?bound=`, `?error=`), or a CAS link to finish (`?ticket=&state=`):
 * read once, then taken off the address so a reload does not repeat it.
 */
function useReturnFromProvider(onDone: () => void) {
  const [error, setError] = useState('');
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const q = new URLSearchParams(window.location.search);
    if (![...q.keys()].length) return;
    window.history.replaceState(window.history.state, '', SSO_ROUTES.binding);
    const bound = q.get('bound');
    if (q.get('error')) setError(q.get('error')!);
    else if (isThirdType(bound)) {
      notify('success', '绑定成功');
      onDone();
    } else if (q.get('ticket') && q.get('state'))
      callTo(ENDPOINTS.self.thirdBindCas, { body: { ticket: q.get('ticket'), state: q.get('state') } })
        .then(() => {
          notify('success', '绑定成功');
          onDone();
        })
        .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [onDone]);
  return error;
}

/** 账户设置 → 账户绑定: the providers this console signs in with, and the account's identity at each. */
export default function BindingPage() {
  const qc = useQueryClient();
  const types = useQuery({
    queryKey: ['sso', 'enabledTypes'],
    queryFn: () => callTo<EnabledTypes>(ENDPOINTS.thirdApp.getEnabledType),
  });
  const bindings = useQuery({
    queryKey: BINDINGS_KEY,
    queryFn: () => callTo<ThirdBinding[]>(ENDPOINTS.self.thirdBindings),
  });
  const error = useReturnFromProvider(() => void qc.invalidateQueries({ queryKey: BINDINGS_KEY }));
  const enabled = types.data;
  const rows = THIRD_TYPES.filter((t) => enabled?.[t] || bindings.data?.some((b) => b.thirdType === t)).map(
    (t) => ({
      type: t,
      name: enabled?.names[t] ?? t,
      binding: bindings.data?.find((b) => b.thirdType === t),
    }),
  );
  return (
    <SettingsFrame current="/account/settings/binding">
      <div>
        <p className="mb-3 text-sm text-gray-600">
          绑定后可使用企业身份登录本系统。绑定与解绑需要当前密码（登录不足 5 分钟可不填）。
        </p>
        {error && (
          <p
            role="alert"
            className="mb-3 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {error}
          </p>
        )}
        {enabled && !enabled.oidc && !enabled.cas && !bindings.data?.length ? (
          <p className="text-sm text-gray-700">{SSO_MSG.notConfigured}</p>
        ) : (
          <ul className="divide-y" aria-label="第三方账号">
            {rows.map(({ type, name, binding }) => (
              <li key={type} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="text-sm">
                  <div className="font-medium">{name}</div>
                  <div className="text-gray-600">
                    {binding
                      ? `已绑定：${binding.realname ?? binding.thirdUserId}（${binding.createTime}）`
                      : '未绑定'}
                  </div>
                </div>
                {binding ? (
                  <Button
                    variant="danger"
                    aria-label={`解绑${name}`}
                    onClick={() => void runCommand('account.unbind', { target: binding.id }, 'button')}
                  >
                    解绑
                  </Button>
                ) : (
                  <Button
                    variant="primary"
                    aria-label={`绑定${name}`}
                    disabled={!enabled?.[type]}
                    onClick={() => void runCommand('account.bind', { thirdType: type }, 'button')}
                  >
                    绑定
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsFrame>
  );
}
