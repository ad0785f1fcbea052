import { runtime } from '../../shell/runtime.ts';

/** 最近执行: the session's latest commands (the audit log), newest first; on 首页 and 工作台. */
export function RecentCommands({ limit = 8 }: { limit?: number }) {
  const recent = [...runtime.audit()].reverse().slice(0, limit);
  return (
    <section aria-labelledby="recent-commands-title" className="rounded bg-white p-4 shadow-sm">
      <h3 id="recent-commands-title" className="mb-2 font-medium">
        最近执行
      </h3>
      {recent.length === 0 ? (
        <p className="text-sm text-gray-700">暂无</p>
      ) : (
        <ul className="text-sm text-gray-700">
          {recent.map((e, i) => (
            <li key={i}>
              {e.id} · {e.source} · {e.outcome}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
