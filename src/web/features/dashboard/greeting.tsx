import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.ts';
import { welcome } from '../../lib/welcome.ts';

/** The greeting card opening 首页 and 工作台: 上午好/下午好 and the user's name, then `children`. */
export function Greeting({ children }: { children: ReactNode }) {
  const { userInfo } = useSession();
  return (
    <section className="rounded bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">
        {welcome()}，{userInfo?.realname ?? userInfo?.username}
      </h2>
      {children}
    </section>
  );
}
