import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../lib/api-client.ts';
import { ExceptionPage } from './exception-page.tsx';

/**
 * What a page that failed to load shows, in Chinese and inside the layout (never the router's
 * default screen): an expired session says so while the reload of spec §8 is on its way; a refused
 * call is the 403 page; anything else the 500 page with the message and 重试.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (error instanceof ApiError && error.sessionExpired)
    return <ExceptionPage type="403" title="登录已过期" detail="很抱歉，登录已过期，请重新登录" />;
  if (error instanceof ApiError && error.status === 403) return <ExceptionPage type="403" />;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <ExceptionPage
      type="500"
      title="页面加载失败"
      detail={error instanceof Error ? error.message : String(error)}
    >
      <button type="button" className="text-[var(--primary)] underline" onClick={retry}>
        重试
      </button>
    </ExceptionPage>
  );
}
