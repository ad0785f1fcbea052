import type { SavedSuperQuery } from '../../../../shared/super-query.ts';

/** The saved query cards beside the builder: a click (or Enter) runs one, × deletes it. */
export function SavedQueryList({
  queries,
  current,
  onRun,
  onDelete,
}: {
  queries: SavedSuperQuery[];
  /** the title of the query loaded last, highlighted */
  current: string | null;
  onRun(q: SavedSuperQuery): void;
  onDelete(q: SavedSuperQuery): void;
}) {
  return (
    <section aria-label="保存的查询" className="w-60 shrink-0 border-l pl-4">
      <h3 className="mb-2 text-sm font-medium text-gray-600">保存的查询</h3>
      {queries.length === 0 ? (
        <p className="text-xs text-gray-600">暂无保存的查询</p>
      ) : (
        <ul className="max-h-96 space-y-2 overflow-y-auto">
          {queries.map((q) => (
            <li
              key={q.title}
              className={`flex items-center gap-1 rounded border px-2 py-1 text-sm ${
                q.title === current ? 'border-[var(--primary)] bg-blue-50' : 'border-gray-200'
              }`}
            >
              <button
                type="button"
                className="min-w-0 flex-1 truncate text-left hover:text-[var(--primary)] focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]"
                title={`${q.title}（${q.records.length} 个条件，${q.matchType === 'or' ? '或' : '且'}）`}
                onClick={() => onRun(q)}
              >
                {q.title}
              </button>
              <button
                type="button"
                aria-label={`删除查询 ${q.title}`}
                className="px-1 text-gray-600 hover:text-red-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-400"
                onClick={() => onDelete(q)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
