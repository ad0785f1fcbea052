import { useQuery } from '@tanstack/react-query';
import { callTo } from '../../lib/api-client.ts';
import {
  DISPATCH_EXPLAIN,
  DISPATCH_RECORD,
  type DispatchCandidate,
  type DispatchExplanation,
} from '../../../shared/resources/dispatch.ts';

/** The explanation of one dispatch record (GET /yy/yyDispatch/explain). */
export const explainQuery = (id: string) => ({
  queryKey: [...DISPATCH_RECORD.queryKey, 'explain', id],
  queryFn: () => callTo<DispatchExplanation>(DISPATCH_EXPLAIN, { query: { id } }),
  staleTime: 0,
});

function CandidateTable({
  label,
  rows,
  chosen,
}: {
  label: string;
  rows: DispatchCandidate[];
  chosen: string | null;
}) {
  if (!rows.length) return <p className="text-sm text-gray-500">没有候选技师</p>;
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead className="text-gray-500">
        <tr>
          <th className="py-1">排名</th>
          <th>技师</th>
          <th>距离(公里)</th>
          <th>评分</th>
          <th>当日单量</th>
          <th>得分</th>
          <th>派给</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c, i) => (
          <tr key={c.id} className="border-t">
            <td className="py-1">{i + 1}</td>
            <td>{c.name}</td>
            <td>{c.distanceKm}</td>
            <td>{c.rating}</td>
            <td>{c.todayLoad}</td>
            <td>{c.score}</td>
            <td>{c.id === chosen ? '✓' : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 候选技师 of a dispatch record's 详细信息: why its technician was chosen (the candidates as they
 * were, with distances and scores), and who the same search finds now.
 */
export function DispatchCandidates({ id }: { id: string }) {
  const explained = useQuery(explainQuery(id));
  if (explained.isError) return <p role="alert">{(explained.error as Error).message}</p>;
  if (!explained.data) return <p className="text-sm text-gray-600">加载中…</p>;
  const { summary, candidates, replay, record } = explained.data;
  return (
    <div className="space-y-3">
      <p className="text-sm">{summary}</p>
      <CandidateTable label="派单时的候选技师" rows={candidates} chosen={record.chosenTechnicianId} />
      <h3 className="text-sm font-medium">现在重新搜索</h3>
      <CandidateTable label="现在的候选技师" rows={replay} chosen={record.chosenTechnicianId} />
    </div>
  );
}
