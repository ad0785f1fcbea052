/**
 * The 统计 dialog of a resource declaring `stats`: selects of its declared dimension, grain and
 * measure, the groups drawn as bars (stats-chart.tsx, echarts loaded lazily when the dialog first
 * draws) and the same numbers as a table for screen readers and copying. Opened by the
 * `<name>.stats` command without arguments (the toolbar's 统计 button, the palette).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Resource } from '../../shared/resources/define.ts';
import { STATS_BY_TEXT, type StatsBy, type StatsResult } from '../../shared/resources/stats.ts';
import { Modal } from '../components/modal.tsx';
import { Button, Field } from '../components/ui.tsx';
import { call } from '../lib/api-client.ts';
import { registerWidget } from '../shell/runtime.ts';

const StatsChart = lazy(() => import('./stats-chart.tsx'));

const SELECT = 'w-full rounded border border-gray-300 px-2 py-1 text-sm';

export function ResourceStats({ resource }: { resource: Resource }) {
  const stats = resource.stats!;
  const { decl } = resource;
  const [open, setOpen] = useState(false);
  const [dimension, setDimension] = useState(stats.dimensions[0]!.key);
  const [by, setBy] = useState<StatsBy | ''>('');
  const [measure, setMeasure] = useState(stats.measures[0]!.key);
  const [result, setResult] = useState<StatsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dim = stats.dimensions.find((d) => d.key === dimension)!;

  useEffect(() => registerWidget(`${decl.name}.stats`, () => setOpen(true)), [decl.name]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const query = { dimension, measure, ...(by && dim.by.includes(by) ? { by } : {}) };
    call<StatsResult>('GET', stats.endpoint.path, { query })
      .then((r) => {
        if (!live) return;
        setResult(r);
        setError(null);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [open, dimension, by, measure, dim, stats.endpoint.path]);

  const title = `${decl.title}统计`;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={title}
      width={760}
      footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
    >
      <div className="mb-3 grid grid-cols-3 gap-3">
        <Field label="统计维度">
          <select
            className={SELECT}
            value={dimension}
            onChange={(e) => {
              setDimension(e.target.value);
              setBy('');
            }}
          >
            {stats.dimensions.map((d) => (
              <option key={d.key} value={d.key}>
                {d.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label="粒度">
          <select
            className={SELECT}
            value={by || dim.by[0] || ''}
            disabled={!dim.by.length}
            onChange={(e) => setBy(e.target.value as StatsBy)}
          >
            {dim.by.length ? (
              dim.by.map((b) => (
                <option key={b} value={b}>
                  {STATS_BY_TEXT[b]}
                </option>
              ))
            ) : (
              <option value="">按取值</option>
            )}
          </select>
        </Field>
        <Field label="指标">
          <select className={SELECT} value={measure} onChange={(e) => setMeasure(e.target.value)}>
            {stats.measures.map((m) => (
              <option key={m.key} value={m.key}>
                {m.title}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {result && (
        <>
          <Suspense fallback={<p className="h-72 text-sm text-gray-600">图表加载中…</p>}>
            <StatsChart result={result} />
          </Suspense>
          <table className="mt-3 w-full text-sm" data-testid="stats-table">
            <caption className="mb-1 text-left text-gray-700">
              {`${result.dimension.title}${result.dimension.by ? STATS_BY_TEXT[result.dimension.by] : ''} · ${result.measure.title}`}
            </caption>
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-1">
                  {result.dimension.title}
                </th>
                <th scope="col" className="py-1 text-right">
                  {result.measure.title}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.rows.length ? (
                result.rows.map((r) => (
                  <tr key={String(r.key)} className="border-b border-gray-100">
                    <td className="py-1">{r.label}</td>
                    <td className="py-1 text-right tabular-nums">{String(r.value)}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={2} className="py-2 text-gray-600">
                    无数据
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      )}
    </Modal>
  );
}
