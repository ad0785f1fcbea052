import { useQuery } from '@tanstack/react-query';
import { Button, FormLoading } from '../../components/ui.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { SettingsFrame } from './settings-frame.tsx';
import { loginsQuery, sessionsQuery } from './account-queries.ts';

const th = 'border-b px-2 py-1 text-left font-medium text-gray-700';
const td = 'border-b px-2 py-1';

/** 账户设置 → 安全设置: the password, the account's sessions (sign out the others), recent sign-ins. */
export default function SecurityPage() {
  const sessions = useQuery(sessionsQuery());
  const logins = useQuery(loginsQuery());
  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <SettingsFrame current="/account/settings/security">
      <div className="space-y-6">
        <section aria-labelledby="security-password" className="flex flex-wrap items-center gap-3">
          <h3 id="security-password" className="text-sm font-semibold">
            账户密码
          </h3>
          <span className="text-sm text-gray-600">定期修改密码可以保护账户安全</span>
          <Button onClick={() => void runCommand('account.changePassword', {}, 'button')}>修改密码</Button>
        </section>

        <section aria-labelledby="security-sessions" className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h3 id="security-sessions" className="text-sm font-semibold">
              登录会话
            </h3>
            <Button
              variant="danger"
              disabled={others.length === 0}
              onClick={() => void runCommand('account.sessions.revoke', { others: true }, 'button')}
            >
              退出其他会话
            </Button>
          </div>
          {!sessions.data ? (
            <FormLoading />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">登录会话</caption>
                <thead>
                  <tr>
                    <th className={th}>设备</th>
                    <th className={th}>IP</th>
                    <th className={th}>登录时间</th>
                    <th className={th}>最近使用</th>
                    <th className={th}>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.data.map((s) => (
                    <tr key={s.id} data-session={s.id}>
                      <td className={td} title={s.userAgent ?? ''}>
                        {s.device}
                      </td>
                      <td className={td}>{s.ip ?? '—'}</td>
                      <td className={td}>{s.loginTime ?? '—'}</td>
                      <td className={td}>{s.lastUsed ?? '—'}</td>
                      <td className={td}>
                        {s.current ? (
                          <span className="text-[var(--primary)]">当前会话</span>
                        ) : (
                          <Button
                            size="sm"
                            variant="danger"
                            aria-label={`退出 ${s.device} ${s.ip ?? ''} 的会话`}
                            onClick={() =>
                              void runCommand('account.sessions.revoke', { ids: s.id }, 'button')
                            }
                          >
                            退出
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section aria-labelledby="security-logins" className="space-y-2">
          <h3 id="security-logins" className="text-sm font-semibold">
            最近登录
          </h3>
          {!logins.data ? (
            <FormLoading />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[28rem] text-sm">
                <caption className="sr-only">最近登录</caption>
                <thead>
                  <tr>
                    <th className={th}>时间</th>
                    <th className={th}>IP</th>
                    <th className={th}>内容</th>
                  </tr>
                </thead>
                <tbody>
                  {logins.data.map((l, i) => (
                    <tr key={`${l.time}-${i}`}>
                      <td className={td}>{l.time ?? '—'}</td>
                      <td className={td}>{l.ip ?? '—'}</td>
                      <td className={td}>{l.content ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </SettingsFrame>
  );
}
