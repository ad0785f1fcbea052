import { menuLink } from '../../lib/paths.ts';
import { Link } from '@tanstack/react-router';

const TEXT = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
} as const;

/** Exception pages 403/404/500; the 404 may name a menu component the client does not have. */
export function ExceptionPage({ type, detail }: { type: keyof typeof TEXT; detail?: string }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-6xl font-bold text-gray-300">{type}</p>
      <p className="text-gray-600">{TEXT[type]}</p>
      {detail && <p className="text-sm text-gray-500">{detail}</p>}
      <Link {...menuLink('/dashboard/analysis')} className="text-[var(--primary)]">
        返回首页
      </Link>
    </main>
  );
}
