import { callTo } from '../../../lib/api-client.ts';
import type { ReportFetchers } from './popup-report-queries.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** A dictionary option of `dictOptions`. */
export interface DictOption {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

/** A column of `getRpColumns` (JeecgBoot strings: `sorter: "true"`, `customRender: <field>`). */
export interface RpColumn {
  title: string;
  dataIndex: string;
  align?: string;
  sorter?: string | boolean;
  customRender?: string;
}

/** The answer of `getRpColumns/{code}`. */
export interface RpColumnsInfo {
  columns: RpColumn[];
  dictOptions: Record<string, DictOption[]>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

/** A search item of `getQueryInfo/{id}`. */
export interface RpQueryItem {
  label: string;
  field: string;
  view: string;
  mode: 'single' | 'group';
  hidden?: string;
  dictCode?: string;
}

/** One page of `getData/{id}`. */
export interface RpDataPage {
  total: number;
  records: Array<Record<string, unknown>>;
}

/** Parameters of `getData/{id}`: paging, sort and search fields (`field`, `field_begin`, `field_end`). */
export type RpDataParams = Record<string, string | number | undefined>;

/** GET getRpColumns/{code}: columns, dictionaries and the report id. */
export const getRpColumns = (code: string) => callTo<RpColumnsInfo>(ENDPOINTS.report.columns, {}, { code });
/** GET getQueryInfo/{id}: the search items. */
export const getQueryInfo = (id: string) => callTo<RpQueryItem[]>(ENDPOINTS.report.queryInfo, {}, { id });
/** GET getData/{id}: one page of rows. */
export const getRpData = (id: string, params: RpDataParams) =>
  callTo<RpDataPage>(ENDPOINTS.report.data, { query: params }, { id });

/** The client's cgreport calls, for the cached queries of `popup-report-queries.ts`. */
export const reportFetchers: ReportFetchers = {
  columns: getRpColumns,
  queryInfo: getQueryInfo,
  data: getRpData,
};
