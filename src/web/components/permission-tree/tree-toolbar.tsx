import type { Dispatch, SetStateAction } from 'react';
import { Button } from '../ui.tsx';
import { branchKeys, checkAll, type TreeIndex } from './tree-check.ts';

/** The toolbar over a permission tree: 父子关联 / 取消关联, 全部勾选 / 取消全选, 展开所有 / 折叠所有. */
export function TreeToolbar(p: {
  label: string;
  className: string;
  index: TreeIndex;
  ready: boolean;
  linked: boolean;
  setLinked(linked: boolean): void;
  setChecked: Dispatch<SetStateAction<Set<string>>>;
  setExpanded(expanded: Set<string>): void;
}) {
  return (
    <div role="toolbar" aria-label={p.label} className={p.className}>
      <Button size="sm" aria-pressed={p.linked} onClick={() => p.setLinked(true)}>
        父子关联
      </Button>
      <Button size="sm" aria-pressed={!p.linked} onClick={() => p.setLinked(false)}>
        取消关联
      </Button>
      <Button size="sm" disabled={!p.ready} onClick={() => p.setChecked((c) => checkAll(p.index, c))}>
        全部勾选
      </Button>
      <Button size="sm" disabled={!p.ready} onClick={() => p.setChecked(new Set())}>
        取消全选
      </Button>
      <Button size="sm" disabled={!p.ready} onClick={() => p.setExpanded(branchKeys(p.index))}>
        展开所有
      </Button>
      <Button size="sm" disabled={!p.ready} onClick={() => p.setExpanded(new Set())}>
        折叠所有
      </Button>
    </div>
  );
}
