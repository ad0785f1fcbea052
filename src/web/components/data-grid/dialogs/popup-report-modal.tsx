import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { Pager } from '../../pager.tsx';
import { Button } from '../../ui.tsx';
import { DialogFrame } from './dialog-frame.tsx';
import {
  nextSort,
  searchParams,
  toggleSelection,
  DEFAULT_ELLIPSIS,
  type SortState,
} from './pick-table-model.ts';
import { PickTable } from './pick-table.tsx';
import { checkSelection, popupPick, type PopupPick } from './popup-config.ts';
import { ReportSearchForm } from './report-search-form.tsx';
import { usePopupReport, useReportData } from './use-popup-report.ts';

type Row = Record<string, unknown>;

/** Width of the popup report modal (spec §9). */
export const POPUP_WIDTH = 1200;
const PAGE_SIZE = 10;

function PopupReportBody({
  code,
  multi,
  onCancel,
  onConfirm,
}: {
  code: string;
  multi: boolean;
  onCancel(): void;
  onConfirm(pick: PopupPick): void;
}) {
  const report = usePopupReport(code);
  const [search, setSearch] = useState<Record<string, string>>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: PAGE_SIZE });
  const [sort, setSort] = useState<SortState>({});
  const [selected, setSelected] = useState<Map<string, Row>>(new Map());
  const params = useMemo(
    () => ({ ...search, ...paging, ...(sort.column ? { column: sort.column, order: sort.order } : {}) }),
    [search, paging, sort],
  );
  const data = useReportData(report.id, params);
  const failure = report.error ?? (data.error ? String(data.error.message) : null);
  useEffect(() => {
    if (report.error) notify('error', report.error);
  }, [report.error]);

  const confirm = () => {
    const rows = [...selected.values()];
    const warning = checkSelection(rows.length, multi);
    if (warning) return void notify('warning', warning);
    onConfirm(popupPick(report.info?.columns ?? [], report.info?.dictOptions ?? {}, rows));
  };

  return (
    <DialogFrame
      open
      onClose={onCancel}
      title={report.info?.cgRpConfigName ?? '请选择'}
      width={POPUP_WIDTH}
      fullscreenToggle
      footer={
        <>
          <span className="mr-auto self-center text-sm text-gray-500">已选择 {selected.size} 项</span>
          <Button onClick={onCancel}>取消</Button>
          <Button variant="primary" onClick={confirm} disabled={Boolean(report.error)}>
            确定
          </Button>
        </>
      }
    >
      {failure ? (
        <p role="alert" className="py-8 text-center text-sm text-red-600">
          {failure}
        </p>
      ) : (
        <>
          {report.queryItems.length > 0 && (
            <ReportSearchForm
              items={report.queryItems}
              dictOptions={report.info?.dictOptions ?? {}}
              onSearch={(values) => {
                setSearch(searchParams(report.queryItems, values));
                setPaging((p) => ({ ...p, pageNo: 1 }));
              }}
            />
          )}
          <PickTable
            label={report.info?.cgRpConfigName ?? '报表数据'}
            columns={report.columns}
            rows={data.data?.records ?? []}
            multi={multi}
            selected={new Set(selected.keys())}
            onToggle={(key, row) => setSelected((s) => toggleSelection(s, key, row, multi))}
            sort={sort}
            onSort={(column) => {
              setSort((s) => nextSort(s, column));
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            ellipsisAt={DEFAULT_ELLIPSIS}
            loading={report.loading || data.isFetching}
          />
          <Pager
            total={data.data?.total ?? 0}
            pageNo={paging.pageNo}
            pageSize={paging.pageSize}
            onChange={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
          />
        </>
      )}
    </DialogFrame>
  );
}

/**
 * The popup report picker (width 1200): search form, sortable paged rows with dictionary text,
 * single or multi selection. Confirming nothing (or several rows in single mode) warns
 * 请选择一条记录; a report that cannot load shows Popup初始化失败… with the cause.
 * State starts fresh on every opening.
 */
export function PopupReportModal({
  open,
  code,
  multi = false,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  code: string;
  multi?: boolean;
  onCancel(): void;
  onConfirm(pick: PopupPick): void;
}) {
  if (!open) return null;
  return <PopupReportBody code={code} multi={multi} onCancel={onCancel} onConfirm={onConfirm} />;
}

export default PopupReportModal;
