/**
 * 监控页 (`dashboard/Monitor`, issue 26): the live order board — the latest orders, each changed
 * row arriving over `/vxeSocket` (the order list's socket key, fanned out through NOTIFY from every
 * server instance) and the counts per state refetched after it; the technicians on duty plotted by
 * longitude and latitude (SVG, no map tiles: the server has no internet) with the same points as a
 * table; and an alert (aria-live) for each exception order opened since the page opened (read
 * again on every order change pushed, and every 10 s).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../shared/api.ts';
import { ORDER, ORDER_STATUS_COUNTS } from '../../../shared/resources/order.ts';
import { ORDER_STATUSES } from '../../../shared/resources/order-states.ts';
import { EXCEPTION_ORDER } from '../../../shared/resources/exception-order.ts';
import { EXCEPTION_STATUS, exceptionKindText } from '../../../shared/resources/exception-order-states.ts';
import {
  TECHNICIAN_ON_DUTY,
  WORK_STATUSES,
  type OnDutyTechnician,
} from '../../../shared/resources/technician.ts';
import { SOCKET_KEYS } from '../../../shared/realtime.ts';
import { callTo } from '../../lib/api-client.ts';
import { useVxeSocket } from '../../components/data-grid/realtime/use-vxe-socket.ts';
import { usePermissions } from '../../shell/menus/use-menu.ts';
import { grantedCodes } from '../../shell/menus/permissions-query.ts';

type Row = Record<string, unknown>;

/** Orders the board keeps (the newest booked first; changed rows move to the top). */
const BOARD_SIZE = 20;
/**
 * How often new exception orders are looked for besides each order change pushed to the board (an
 * order's transition opens its exception in the same write): the flagging job's come this way.
 */
const EXCEPTION_POLL_MS = 10_000;

const statusText = (v: unknown) => ORDER_STATUSES.find((s) => s.value === String(v))?.text ?? String(v ?? '');
const workText = (v: string) => WORK_STATUSES.find((s) => s.value === v)?.text ?? v;
const timeText = (v: unknown) => (typeof v === 'string' ? v.replace('T', ' ').slice(0, 16) : '');

function OrderBoard() {
  const client = useQueryClient();
  const initial = useQuery({
    queryKey: ['monitor', 'orders'],
    queryFn: () => callTo<Page<Row>>(ORDER.endpoints.list, { query: { pageSize: String(BOARD_SIZE) } }),
  });
  const counts = useQuery({
    queryKey: ['monitor', 'statusCounts'],
    queryFn: () => callTo<Record<string, number>>(ORDER_STATUS_COUNTS),
  });
  /** rows changed since the page opened, newest change first */
  const [changed, setChanged] = useState<Row[]>([]);
  const [changedAt, setChangedAt] = useState<Record<string, string>>({});
  const refetch = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (refetch.current && clearTimeout(refetch.current)), []);
  useVxeSocket(SOCKET_KEYS.order, (row) => {
    const r = row as Row;
    const id = String(r.id ?? '');
    // a reload row, or a row too large to send: read the board again
    if (!id || Object.keys(r).length <= 1) void client.invalidateQueries({ queryKey: ['monitor', 'orders'] });
    else {
      setChanged((rows) => [r, ...rows.filter((x) => String(x.id) !== id)].slice(0, BOARD_SIZE));
      setChangedAt((m) => ({ ...m, [id]: new Date().toLocaleTimeString('zh-CN', { hour12: false }) }));
    }
    // the counts, and the open exceptions (an order's transition may have opened one), once a
    // burst has passed
    if (refetch.current) clearTimeout(refetch.current);
    refetch.current = setTimeout(() => {
      void client.invalidateQueries({ queryKey: ['monitor', 'statusCounts'] });
      void client.invalidateQueries({ queryKey: ['monitor', 'exceptions'] });
    }, 300);
  });
  const rows = useMemo(() => {
    const seen = new Set(changed.map((r) => String(r.id)));
    return [...changed, ...(initial.data?.records ?? []).filter((r) => !seen.has(String(r.id)))].slice(
      0,
      BOARD_SIZE,
    );
  }, [changed, initial.data]);
  const shown = ORDER_STATUSES.filter((s) => (counts.data?.[s.value] ?? 0) > 0);
  return (
    <section aria-labelledby="monitor-board-title" className="rounded bg-white p-4 shadow-sm">
      <h3 id="monitor-board-title" className="mb-2 font-medium">
        实时订单
      </h3>
      <dl className="mb-3 flex flex-wrap gap-2 text-center" aria-label="各状态订单数">
        {shown.map((s) => (
          <div key={s.value} className="min-w-20 rounded border border-gray-200 px-2 py-1">
            <dt className="text-xs text-gray-700">{s.text}</dt>
            <dd className="font-semibold tabular-nums">{counts.data?.[s.value]}</dd>
          </div>
        ))}
      </dl>
      {initial.isError ? (
        <p className="text-sm text-gray-700">订单加载失败</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="order-board">
            <caption className="sr-only">最新订单及其状态，状态变化实时更新</caption>
            <thead>
              <tr className="border-b text-xs text-gray-700">
                <th scope="col" className="py-1 pr-2">
                  订单号
                </th>
                <th scope="col" className="py-1 pr-2">
                  状态
                </th>
                <th scope="col" className="py-1 pr-2">
                  技师
                </th>
                <th scope="col" className="py-1 pr-2">
                  预约时间
                </th>
                <th scope="col" className="py-1">
                  变化
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const id = String(r.id);
                return (
                  <tr key={id} className={`border-b border-gray-100 ${changedAt[id] ? 'bg-yellow-50' : ''}`}>
                    <td className="py-1 pr-2 tabular-nums">{String(r.orderNo ?? '')}</td>
                    <td className="py-1 pr-2" data-status={String(r.status ?? '')}>
                      {statusText(r.status)}
                    </td>
                    <td className="py-1 pr-2">{String(r.technicianId_dictText ?? '')}</td>
                    <td className="py-1 pr-2 tabular-nums">{timeText(r.appointmentTime)}</td>
                    <td className="py-1 tabular-nums">{changedAt[id] ?? ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Plot size of the technicians' scatter (SVG user units). */
const W = 480;
const H = 300;
const PAD = 16;

function TechnicianMap() {
  const q = useQuery({
    queryKey: ['monitor', 'onDuty'],
    queryFn: () => callTo<OnDutyTechnician[]>(TECHNICIAN_ON_DUTY),
    refetchInterval: 30_000,
  });
  const all = q.data ?? [];
  const placed = all.filter((t) => t.lng !== null && t.lat !== null);
  const xs = placed.map((t) => t.lng!);
  const ys = placed.map((t) => t.lat!);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (v: number) => PAD + ((v - minX) / (maxX - minX || 1)) * (W - 2 * PAD);
  const sy = (v: number) => H - PAD - ((v - minY) / (maxY - minY || 1)) * (H - 2 * PAD);
  const summary = `在岗技师 ${all.length} 人，其中 ${placed.length} 人有位置`;
  return (
    <section aria-labelledby="monitor-map-title" className="rounded bg-white p-4 shadow-sm">
      <h3 id="monitor-map-title" className="mb-2 font-medium">
        在岗技师分布
      </h3>
      <p className="mb-2 text-sm text-gray-700">{q.isError ? '技师加载失败' : summary}</p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-xl rounded border border-gray-200"
        role="img"
        aria-label={`${summary}（经纬度散点图，详见下表）`}
        data-testid="technician-map"
      >
        {placed.map((t) => (
          <circle
            key={t.id}
            cx={sx(t.lng!)}
            cy={sy(t.lat!)}
            r={5}
            className={t.workStatus === '2' ? 'fill-orange-500' : 'fill-[var(--primary)]'}
          >
            <title>{`${t.name}（${workText(t.workStatus)}）`}</title>
          </circle>
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer">在岗技师（数据表）</summary>
        <table className="mt-1 text-left">
          <caption className="sr-only">在岗技师及其经纬度</caption>
          <thead>
            <tr className="text-xs text-gray-700">
              <th scope="col" className="pr-3">
                技师
              </th>
              <th scope="col" className="pr-3">
                状态
              </th>
              <th scope="col" className="pr-3">
                经度
              </th>
              <th scope="col">纬度</th>
            </tr>
          </thead>
          <tbody>
            {all.map((t) => (
              <tr key={t.id}>
                <td className="pr-3">{t.name}</td>
                <td className="pr-3">{workText(t.workStatus)}</td>
                <td className="pr-3 tabular-nums">{t.lng?.toFixed(4) ?? '—'}</td>
                <td className="tabular-nums">{t.lat?.toFixed(4) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function ExceptionAlerts() {
  const q = useQuery({
    queryKey: ['monitor', 'exceptions'],
    queryFn: () =>
      callTo<Page<Row>>(EXCEPTION_ORDER.endpoints.list, {
        query: { status: EXCEPTION_STATUS.open, pageSize: '10' },
      }),
    refetchInterval: EXCEPTION_POLL_MS,
  });
  /** the open exceptions known when the page first read them: not new */
  const known = useRef<Set<string> | null>(null);
  const [alerts, setAlerts] = useState<string[]>([]);
  useEffect(() => {
    const records = q.data?.records;
    if (!records) return;
    if (!known.current) {
      known.current = new Set(records.map((r) => String(r.id)));
      return;
    }
    const fresh = records.filter((r) => !known.current!.has(String(r.id)));
    if (!fresh.length) return;
    for (const r of fresh) known.current.add(String(r.id));
    setAlerts((a) =>
      [
        ...fresh.map(
          (r) =>
            `新异常订单：${String(r.orderNo ?? '')} ${exceptionKindText(String(r.kind ?? ''))} ${String(r.reason ?? '')}`,
        ),
        ...a,
      ].slice(0, 10),
    );
  }, [q.data]);
  return (
    <section aria-labelledby="monitor-alerts-title" className="rounded bg-white p-4 shadow-sm">
      <h3 id="monitor-alerts-title" className="mb-2 font-medium">
        异常提醒
      </h3>
      <p className="mb-1 text-sm text-gray-700">
        待处理异常订单 {q.data?.total ?? '—'} 单；新开的异常订单会在此提醒。
      </p>
      <ul role="log" aria-live="assertive" aria-label="新异常订单提醒" className="text-sm text-red-700">
        {alerts.map((a, i) => (
          <li key={`${i}-${a}`}>{a}</li>
        ))}
      </ul>
    </section>
  );
}

export default function MonitorPage() {
  const { auth, allAuth } = usePermissions();
  const codes = grantedCodes({ auth, allAuth });
  const orders = codes.has(ORDER.perms.list);
  const technicians = codes.has(TECHNICIAN_ON_DUTY.permission);
  const exceptions = codes.has(EXCEPTION_ORDER.perms.list);
  return (
    <div className="space-y-4 p-4" data-testid="monitor-board">
      <h2 className="text-lg font-semibold">监控页</h2>
      {!orders && !technicians && !exceptions ? (
        <p className="text-sm text-gray-700">没有可以查看的实时数据</p>
      ) : null}
      {exceptions ? <ExceptionAlerts /> : null}
      {orders ? <OrderBoard /> : null}
      {technicians ? <TechnicianMap /> : null}
    </div>
  );
}
