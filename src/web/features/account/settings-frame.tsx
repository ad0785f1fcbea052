import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { menuLink } from '../../lib/paths.ts';

/** The pages of 账户设置, in the order the frame lists them (the menu rows of menus-base.ts). */
export const SETTINGS_PAGES = [
  { path: '/account/settings/base', title: '基本设置' },
  { path: '/account/settings/security', title: '安全设置' },
  { path: '/account/settings/binding', title: '账户绑定' },
  { path: '/account/settings/custom', title: '个性化设置' },
  { path: '/account/settings/notification', title: '新消息通知' },
] as const;

export type SettingsPath = (typeof SETTINGS_PAGES)[number]['path'];

/**
 * The 账户设置 frame: the navigation between its pages (links, so Tab and Enter move between
 * them; the current one marked `aria-current`) beside the page's own content. Every 账户设置
 * page, 账户绑定 included, renders itself inside it. Below 768 px the navigation sits on top.
 */
export function SettingsFrame({ current, children }: { current: SettingsPath; children: ReactNode }) {
  const title = SETTINGS_PAGES.find((p) => p.path === current)?.title ?? '账户设置';
  return (
    <div className="p-4">
      <div className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm md:flex-row">
        <nav aria-label="账户设置" className="md:w-44 md:shrink-0 md:border-r md:pr-2">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SETTINGS_PAGES.map((p) => (
              <li key={p.path}>
                <Link
                  {...menuLink(p.path)}
                  aria-current={p.path === current ? 'page' : undefined}
                  className={`block rounded px-3 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] ${
                    p.path === current
                      ? 'bg-[var(--primary-soft)] font-medium text-[var(--primary)]'
                      : 'text-gray-700 hover:text-[var(--primary)]'
                  }`}
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="account-settings-title" className="min-w-0 flex-1">
          <h2 id="account-settings-title" className="mb-4 text-base font-semibold">
            {title}
          </h2>
          {children}
        </section>
      </div>
    </div>
  );
}
