/**
 * 系统监控's polling: a page's endpoint read every few seconds while the browser tab is visible
 * (document.visibilityState; hidden → paused, shown again → read at once), and the last samples
 * kept for its chart.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EndpointContract } from '../../../shared/contracts.ts';
import type { InstanceId } from '../../../shared/monitor.ts';
import { callTo } from '../../lib/api-client.ts';

const subscribeVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};

/** Whether the browser tab is shown (auto refresh stops while it is hidden). */
export function useTabVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
}

/** How many samples a page's chart keeps. */
export const HISTORY = 60;

export interface Monitor<T> {
  data: T | undefined;
  error: Error | null;
  /** the samples read so far, oldest first (at most HISTORY) */
  history: T[];
  /** reading on its own: the tab is visible and the person has not paused it */
  live: boolean;
  /** ms between reads while live */
  intervalMs: number;
  paused: boolean;
  setPaused(paused: boolean): void;
}

export function useMonitor<T extends InstanceId>(c: EndpointContract, intervalMs = 2000): Monitor<T> {
  const visible = useTabVisible();
  const [paused, setPaused] = useState(false);
  const live = visible && !paused;
  const query = useQuery({
    queryKey: ['monitor', c.path],
    queryFn: () => callTo<T>(c),
    refetchInterval: live ? intervalMs : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: live,
  });
  const history = useRef<T[]>([]);
  const [, setVersion] = useState(0);
  useEffect(() => {
    const d = query.data;
    if (!d || history.current[history.current.length - 1]?.at === d.at) return;
    history.current = [...history.current, d].slice(-HISTORY);
    setVersion((v) => v + 1);
  }, [query.data]);
  return {
    data: query.data,
    error: query.error,
    history: history.current,
    live,
    intervalMs,
    paused,
    setPaused,
  };
}
