import { useQuery } from '@tanstack/react-query';
import { callTo } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../components/ui.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

interface Depart {
  orgCode: string;
  departName: string;
}

const FIELDS: Array<[string, string]> = [
  ['username', '账号'],
  ['realname', '姓名'],
  ['phone', '手机号码'],
  ['email', '邮箱'],
  ['workNo', '工号'],
  ['orgCode', '当前部门编码'],
];

/** 个人中心 / 账户设置: the signed-in user's own details and account actions. */
export default function AccountCenterPage() {
  const { userInfo } = useSession();
  const departs = useQuery({
    queryKey: ['account', 'departs'],
    queryFn: () => callTo<{ list: Depart[]; orgCode: string }>(ENDPOINTS.self.departs),
  });
  return (
    <div className="space-y-4 p-4">
      <section className="rounded bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-base font-semibold">个人信息</h2>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          {FIELDS.map(([k, label]) => (
            <div key={k}>
              <dt className="text-gray-500">{label}</dt>
              <dd>{String(userInfo?.[k] ?? '—')}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="rounded bg-white p-4 shadow-sm">
        <h2 className="mb-3 text-base font-semibold">所属部门</h2>
        <ul className="text-sm">
          {(departs.data?.list ?? []).map((d) => (
            <li key={d.orgCode}>
              {d.departName} <span className="text-gray-600">{d.orgCode}</span>
              {d.orgCode === departs.data?.orgCode && (
                <span className="ml-2 text-[var(--primary)]">当前</span>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-3 flex gap-2">
          <Button onClick={() => void runCommand('account.switchDepart', {}, 'button')}>切换部门</Button>
          <Button onClick={() => void runCommand('account.changePassword', {}, 'button')}>修改密码</Button>
        </div>
      </section>
    </div>
  );
}
