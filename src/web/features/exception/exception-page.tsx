import { menuLink } from '../../lib/paths.ts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const TEXT = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
} as const;

/** Exception pages 403/404/500; the 404 may name a menu component the client does not have. */
export function ExceptionPage({
  type,
  detail,
  title,
  children,
}: {
  type: keyof typeof TEXT;
  detail?: string;
  /** replaces the standard sentence of the type */
  title?: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="exception-title"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center"
    >
      <p aria-hidden className="text-6xl font-bold text-gray-500">
        {type}
      </p>
      <h1 id="exception-title" className="text-gray-800">
        {title ?? TEXT[type]}
      </h1>
      {detail && <p className="text-sm text-gray-700">{detail}</p>}
      <div className="flex gap-4">
        {children}
        <Link {...menuLink('/dashboard/analysis')} className="text-[var(--primary)] underline">
          返回首页
        </Link>
      </div>
    </section>
  );
}
