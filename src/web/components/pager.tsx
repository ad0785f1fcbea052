import { useState } from 'react';
import { PAGING } from '../../shared/api.ts';
import { formatNumber } from '../../shared/format.ts';

/** Pager of spec §9: sizes 10/20/30 (or `sizes`, e.g. 5/10/20/30 of the business select), quick jumper, total. */
export function Pager({
  total,
  estimated = false,
  pageNo,
  pageSize,
  sizes = PAGING.sizes,
  onChange,
}: {
  total: number;
  /** `total` is an estimate (a long list): shown as 约 N 条 */
  estimated?: boolean;
  pageNo: number;
  pageSize: number;
  sizes?: readonly number[];
  onChange(pageNo: number, pageSize: number): void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState('');
  return (
    <nav aria-label="分页" className="flex items-center justify-end gap-2 py-2 text-sm text-gray-600">
      <span>{`${estimated ? '约' : '共'} ${formatNumber(total)} 条`}</span>
      <button
        type="button"
        aria-label="上一页"
        disabled={pageNo <= 1}
        onClick={() => onChange(pageNo - 1, pageSize)}
        className="rounded border px-2 disabled:opacity-40"
      >
        ‹
      </button>
      <span>
        {pageNo} / {pages}
      </span>
      <button
        type="button"
        aria-label="下一页"
        disabled={pageNo >= pages}
        onClick={() => onChange(pageNo + 1, pageSize)}
        className="rounded border px-2 disabled:opacity-40"
      >
        ›
      </button>
      <select
        aria-label="每页条数"
        value={pageSize}
        onChange={(e) => onChange(1, Number(e.target.value))}
        className="rounded border p-0.5"
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s} 条/页
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1">
        跳至
        <input
          aria-label="跳至页码"
          value={jump}
          inputMode="numeric"
          className="w-12 rounded border px-1"
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && jump) {
              onChange(Math.min(pages, Math.max(1, Number(jump))), pageSize);
              setJump('');
            }
          }}
        />
        页
      </label>
    </nav>
  );
}
