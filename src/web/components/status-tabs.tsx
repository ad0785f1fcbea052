/**
 * Status tabs over a list (上门订单, 异常订单): 全部 and every state with its count in the caller's
 * reach, read through the query the page gives (its statusCounts endpoint). The list is the
 * selected tab's panel (each tab controls it: `aria-controls` names a panel that exists).
 */
import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { ListPageConfig } from './data-grid/list/types.ts';

/** The value of the 全部 tab. */
export const ALL_STATUSES = 'all';

export interface StatusTabsProps {
  /** the tab list's accessible name (订单状态) */
  label: string;
  statuses: ReadonlyArray<{ value: string; text: string }>;
  /** the counts per state, keyed by state value (the page reads its statusCounts query) */
  counts: Record<string, number> | undefined;
  value: string;
  onChange(status: string): void;
  /** the list of the selected tab */
  children: ReactNode;
}

export function StatusTabs({ label, statuses, counts = {}, value, onChange, children }: StatusTabsProps) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const tabs = [{ value: ALL_STATUSES, text: '全部', count: total }].concat(
    statuses.map((s) => ({ value: s.value, text: s.text, count: counts[s.value] ?? 0 })),
  );
  return (
    <Tabs.Root value={value} onValueChange={onChange} className="flex h-full flex-col">
      <Tabs.List aria-label={label} className="flex flex-wrap border-b bg-white px-2">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="border-b-2 border-transparent px-3 py-1.5 text-sm text-gray-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] data-[state=active]:border-[var(--primary)] data-[state=active]:text-[var(--primary)]"
          >
            {t.text}
            <span className="ml-1 tabular-nums text-xs text-gray-500">{t.count}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value} className="min-h-0 flex-1 focus:outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** A status tab's list: the generated list's url narrowed to the state (paging starts over). */
export function withStatus<R extends { id: string }>(
  config: ListPageConfig<R>,
  status: string,
): ListPageConfig<R> {
  return status === ALL_STATUSES
    ? config
    : {
        ...config,
        queryKey: [...config.queryKey, 'status', status],
        url: { ...config.url, list: `${config.url.list}?status=${encodeURIComponent(status)}` },
      };
}
