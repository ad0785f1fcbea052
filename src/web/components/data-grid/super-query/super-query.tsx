import { useEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import {
  SUPER_QUERY_MSG,
  validateForSave,
  validateForSearch,
  type SavedSuperQuery,
  type SuperQueryField,
} from '../../../../shared/super-query.ts';
import { Modal } from '../../modal.tsx';
import { Button } from '../../ui.tsx';
import { confirmDialog, promptDialog } from '../../../lib/dialogs.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { getItem, setItem } from '../../../lib/storage.ts';
import { executor, registerWidget, registry, runCommand } from '../../../shell/runtime.ts';
import {
  builderReducer,
  conditionsOf,
  initialBuilderState,
  toSearch,
  type SuperQuerySearch,
} from './builder-state.ts';
import { ConditionRows } from './condition-rows.tsx';
import { SavedQueryList } from './saved-query-list.tsx';
import {
  listSaved,
  removeSaved,
  runSavedQuery,
  saveQuery,
  savedNames,
  savedQueriesKey,
  searchOfSaved,
  type SavedQueryStore,
} from './saved-queries.ts';

/** The widget name the `grid.superQuery` command opens (`ctx.open`). */
export const SUPER_QUERY_WIDGET = 'grid.superQuery';
const SUPER_QUERY_COMMAND = 'grid.superQuery';

/** Saved queries in localStorage (lib/storage, namespace `pro__`), kept without expiry. */
export const browserSavedQueryStore: SavedQueryStore = {
  get: (key) => getItem<unknown>(key),
  set: (key, value) => setItem(key, value, 0),
};

export interface SuperQueryProps {
  /** the page the saved queries belong to (with the signed-in username) */
  pageKey: string;
  fields: SuperQueryField[];
  /** a search to run, or null after 重置 (the list drops its super query) */
  onSearch(q: SuperQuerySearch | null): void;
  /** widget name registered while mounted (default `grid.superQuery`) */
  widget?: string;
}

/**
 * 高级查询: the toolbar button (marked while a search with conditions is active) and the
 * 高级查询构造器 dialog (width 1000) with its saved query cards. While mounted it registers the
 * widget the `grid.superQuery` command opens: no props opens the dialog, `{ name }` runs that
 * saved query (returns the message to show), `{ list: true }` returns the saved names.
 */
export function SuperQuery({ pageKey, fields, onSearch, widget = SUPER_QUERY_WIDGET }: SuperQueryProps) {
  const { userInfo } = useSession();
  const key = savedQueriesKey(userInfo?.username ?? '', pageKey);
  const [open, setOpen] = useState(false);
  const [state, dispatch] = useReducer(builderReducer, undefined, initialBuilderState);
  const [activeCount, setActiveCount] = useState(0);
  const [saved, setSaved] = useState<SavedSuperQuery[]>(() => listSaved(browserSavedQueryStore, key));
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => setSaved(listSaved(browserSavedQueryStore, key)), [key, open]);

  const apply = (q: SuperQuerySearch | null) => {
    onSearch(q);
    setActiveCount(q?.conditions.length ?? 0);
  };
  const search = () => {
    const refusal = validateForSearch(conditionsOf(state.rows));
    if (refusal) return void notify('warning', refusal);
    apply(toSearch(state));
    setOpen(false);
  };
  const reset = () => {
    dispatch({ type: 'reset' });
    setCurrent(null);
    apply(null);
  };
  const runSaved = (q: SavedSuperQuery) => {
    dispatch({ type: 'load', query: q });
    setCurrent(q.title);
    apply(searchOfSaved(q));
    setOpen(false);
  };
  const save = async () => {
    const records = conditionsOf(state.rows);
    // empty conditions are refused before the name is asked for
    const early = validateForSave(null, records);
    if (early === SUPER_QUERY_MSG.emptySave) return void notify('warning', early);
    const title = await promptDialog('请输入保存的名称', { defaultValue: current ?? '' });
    if (title === null) return;
    const query = { title, matchType: state.matchType, records };
    let outcome = saveQuery(browserSavedQueryStore, key, query);
    if (outcome.status === 'exists') {
      if (!(await confirmDialog(outcome.message))) return;
      outcome = saveQuery(browserSavedQueryStore, key, query, { overwrite: true });
    }
    if (outcome.status !== 'saved') return void notify('warning', outcome.message);
    setSaved(outcome.list);
    setCurrent(title.trim());
    notify('success', '保存成功');
  };
  const remove = async (q: SavedSuperQuery) => {
    if (!(await confirmDialog(SUPER_QUERY_MSG.confirmDelete, q.title))) return;
    setSaved(removeSaved(browserSavedQueryStore, key, q.title));
    if (current === q.title) setCurrent(null);
  };

  // the widget outlives renders: it reads the latest handlers through a ref
  const latest = useRef({ runSaved, key });
  latest.current = { runSaved, key };
  useEffect(
    () =>
      registerWidget(widget, (props) => {
        const { runSaved: run, key: k } = latest.current;
        if (props?.list) return savedNames(browserSavedQueryStore, k);
        const name = typeof props?.name === 'string' ? props.name.trim() : '';
        if (!name) return void setOpen(true);
        const { query } = runSavedQuery(browserSavedQueryStore, k, name);
        run(query);
        return `已按保存的查询「${query.title}」查询`;
      }),
    [widget],
  );

  const openBuilder = () => {
    const def = registry.get(SUPER_QUERY_COMMAND);
    if (widget === SUPER_QUERY_WIDGET && def && executor.isVisible(def))
      void runCommand(SUPER_QUERY_COMMAND, {}, 'button');
    else setOpen(true);
  };
  // Enter in a value field runs 查询 (pickers and buttons handle their own Enter)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing) return;
    if (t.tagName === 'INPUT' && !['checkbox', 'radio'].includes((t as HTMLInputElement).type)) {
      e.preventDefault();
      search();
    }
  };

  return (
    <>
      <Button
        variant={activeCount ? 'primary' : 'default'}
        aria-pressed={activeCount > 0}
        title={activeCount ? `高级查询已启用（${activeCount} 个条件）` : '高级查询'}
        onClick={openBuilder}
      >
        高级查询
        {activeCount > 0 && (
          <span data-testid="super-query-count" className="rounded-full bg-white/30 px-1.5 text-xs">
            {activeCount}
          </span>
        )}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="高级查询构造器"
        width={1000}
        footer={
          <>
            <Button onClick={reset}>重置</Button>
            <Button onClick={() => void save()}>保存查询条件</Button>
            <Button onClick={() => setOpen(false)}>关闭</Button>
            <Button variant="primary" onClick={search}>
              查询
            </Button>
          </>
        }
      >
        <div className="flex gap-4" onKeyDown={onKeyDown}>
          <ConditionRows fields={fields} state={state} dispatch={dispatch} />
          <SavedQueryList
            queries={saved}
            current={current}
            onRun={runSaved}
            onDelete={(q) => void remove(q)}
          />
        </div>
      </Modal>
    </>
  );
}
