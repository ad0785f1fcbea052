/**
 * 工作台 (`dashboard/Workplace`, issue 26): what waits for the signed-in user — exception orders to
 * handle, cancellations to approve, partners to review, withdrawals to approve, statements to
 * confirm — the sections the server answers for the caller's codes (GET /yy/ht/yyBasic/workplace),
 * each with its count, its oldest rows, a link to the list and the row's command as a button;
 * then the session's recent commands. The terminal's `workplace` shows the same.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { WORKPLACE_PENDING, type WorkplaceSection } from '../../../shared/stats/workplace.ts';
import { callTo } from '../../lib/api-client.ts';
import { menuLink } from '../../lib/paths.ts';
import { useMenuIndex } from '../../shell/menus/use-menu.ts';
import { Button, Kbd } from '../../components/ui.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { RecentCommands } from './recent-commands.tsx';
import { Greeting } from './greeting.tsx';

export const WORKPLACE_QUERY_KEY = ['home', 'workplace'] as const;

function Section({ s, list, onDone }: { s: WorkplaceSection; list?: string; onDone(): void }) {
  const id = `workplace-${s.key}`;
  return (
    <section aria-labelledby={id} className="rounded bg-white p-4 shadow-sm" data-section={s.key}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 id={id} className="font-medium">
          {s.title}
          <span className="ml-2 text-xl font-semibold tabular-nums" data-count>
            {s.count}
          </span>
        </h3>
        {list && (
          <Link {...menuLink(list)} className="text-sm text-[var(--primary)] underline">
            查看全部<span className="sr-only">{s.title}</span>
          </Link>
        )}
      </div>
      {s.items.length === 0 ? (
        <p className="text-sm text-gray-700">暂无</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {s.items.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <span>
                <span className="font-medium">{i.label}</span>
                <span className="ml-2 text-gray-700">{i.detail}</span>
              </span>
              <Button
                size="sm"
                aria-label={`${s.actionTitle} ${i.label}`}
                onClick={async () => {
                  await runCommand(s.command, { ids: i.id }, 'button');
                  onDone();
                }}
              >
                {s.actionTitle}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function WorkplacePage() {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: WORKPLACE_QUERY_KEY,
    queryFn: () => callTo<WorkplaceSection[]>(WORKPLACE_PENDING),
  });
  const sections = q.data ?? [];
  // each section's list: the user's menu entry showing the section's screen
  const menu = useMenuIndex();
  const listOf = (component: string) =>
    [...menu.values()].find((e) => e.node.component === component && !e.redirect)?.path;
  const total = sections.reduce((n, s) => n + s.count, 0);
  return (
    <div className="space-y-4 p-4">
      <Greeting>
        <p className="mt-2 text-sm text-gray-700" aria-live="polite">
          {q.isLoading
            ? '待办加载中…'
            : q.isError
              ? '待办加载失败'
              : sections.length === 0
                ? '没有需要您处理的事项'
                : `您有 ${total} 项待办。`}{' '}
          在终端输入 <Kbd>workplace</Kbd> 可查看同样的待办。
        </p>
      </Greeting>
      <div className="grid gap-4 md:grid-cols-2">
        {sections.map((s) => (
          <Section
            key={s.key}
            s={s}
            list={listOf(s.component)}
            onDone={() => void client.invalidateQueries({ queryKey: WORKPLACE_QUERY_KEY })}
          />
        ))}
      </div>
      <RecentCommands />
    </div>
  );
}
