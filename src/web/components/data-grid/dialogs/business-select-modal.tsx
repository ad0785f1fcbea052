import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Pager } from '../../pager.tsx';
import { Button, Input } from '../../ui.tsx';
import {
  BIZ_PAGE_SIZES,
  bizListParams,
  bizValueParams,
  initialBizState,
  pageOf,
  type BizListState,
} from './business-select-model.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { BIZ_ELLIPSIS, nextSort, recordKey, toggleSelection } from './pick-table-model.ts';
import { PickTable, type PickColumn } from './pick-table.tsx';
import { checkSelection } from './popup-config.ts';

type Row = Record<string, unknown>;

/** Props of `BusinessSelectModal` (JeecgBoot `JSelectBizComponentModal`). */
export interface BusinessSelectModalProps {
  open: boolean;
  title?: string;
  /** list URL answering a JeecgBoot page (`records`, `total`) or an array */
  url: string;
  columns: PickColumn[];
  /** the property that identifies a row and is the value (default `id`) */
  rowKey?: string;
  multi?: boolean;
  /** values chosen before: their rows are loaded with `<rowKey>=v1,v2` and start selected */
  value?: string[];
  /** the list parameter the search box fills (default: the first column) */
  searchParam?: string;
  /** label of the search box (default: that column's title) */
  searchLabel?: string;
  /** fixed extra parameters of every request */
  params?: Record<string, unknown>;
  /** width (default 1200, the user picker's) */
  width?: number;
  onCancel(): void;
  onConfirm(rows: Row[]): void;
}

function BusinessSelectBody(props: BusinessSelectModalProps) {
  const { url, columns, rowKey = 'id', multi = false, value, params } = props;
  const searchParam = props.searchParam ?? columns[0]?.dataIndex;
  const searchLabel =
    props.searchLabel ?? columns.find((c) => c.dataIndex === searchParam)?.title ?? '关键字';
  const [state, setState] = useState<BizListState>(initialBizState);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const list = useQuery({
    queryKey: ['bizSelect', url, bizListParams(state, searchParam, params)],
    queryFn: () => call<unknown>('GET', url, { query: bizListParams(state, searchParam, params) }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: ['bizSelect', url, 'value', rowKey, value],
    queryFn: () => call<unknown>('GET', url, { query: bizValueParams(rowKey, value ?? [], params) }),
    enabled: Boolean(value?.length),
  });
  useEffect(() => {
    if (chosen.data) setSelected(new Map(pageOf(chosen.data).records.map((r) => [recordKey(r, rowKey), r])));
  }, [chosen.data, rowKey]);
  const page = pageOf(list.data);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React bubbles events through the portal: a form hosting this picker must not submit too
    e.stopPropagation();
    setState((s) => ({ ...s, pageNo: 1, search: text }));
  };
  const confirm = () => {
    const rows = [...selected.values()];
    const warning = checkSelection(rows.length, multi);
    if (warning) return void notify('warning', warning);
    props.onConfirm(rows);
  };
  return (
    <DialogFrame
      open
      onClose={props.onCancel}
      title={props.title ?? '请选择'}
      width={props.width ?? 1200}
      footer={
        <>
          <span className="mr-auto self-center text-sm text-gray-500">已选择 {selected.size} 项</span>
          <Button onClick={props.onCancel}>取消</Button>
          <Button variant="primary" onClick={confirm}>
            确定
          </Button>
        </>
      }
    >
      {searchParam && (
        <form role="search" aria-label="查询条件" onSubmit={submit} className="mb-3 flex items-center gap-2">
          <label className="flex w-80 items-center gap-2 text-sm">
            <span className="shrink-0 text-gray-600">{searchLabel}</span>
            <Input aria-label={searchLabel} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <Button type="submit" variant="primary">
            查询
          </Button>
          <Button
            onClick={() => {
              setText('');
              setState(initialBizState());
            }}
          >
            重置
          </Button>
        </form>
      )}
      {list.error ? (
        <p role="alert" className="py-6 text-center text-sm text-red-600">
          {list.error.message}
        </p>
      ) : (
        <PickTable
          label={props.title ?? '请选择'}
          columns={columns}
          rows={page.records}
          rowKey={rowKey}
          multi={multi}
          selected={new Set(selected.keys())}
          onToggle={(key, row) => setSelected((s) => toggleSelection(s, key, row, multi))}
          sort={{ column: state.column, order: state.order }}
          onSort={(column) =>
            setState((s) => {
              const next = nextSort(s, column);
              return { ...s, column: next.column, order: next.order, pageNo: 1 };
            })
          }
          ellipsisAt={BIZ_ELLIPSIS}
          loading={list.isFetching}
        />
      )}
      <Pager
        total={page.total}
        pageNo={state.pageNo}
        pageSize={state.pageSize}
        sizes={BIZ_PAGE_SIZES}
        onChange={(pageNo, pageSize) => setState((s) => ({ ...s, pageNo, pageSize }))}
      />
    </DialogFrame>
  );
}

/**
 * A generic paged picker over a list URL: pages of 5/10/20/30 (default 5), a search box, cell text
 * cut at 12 characters, single or multi selection; confirming nothing warns 请选择一条记录.
 * State starts fresh on every opening.
 */
export function BusinessSelectModal(props: BusinessSelectModalProps) {
  if (!props.open) return null;
  return <BusinessSelectBody {...props} />;
}
