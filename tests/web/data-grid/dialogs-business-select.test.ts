import { describe, expect, it } from 'vitest';
import {
  BIZ_DEFAULT_PAGE_SIZE,
  BIZ_PAGE_SIZES,
  bizListParams,
  bizValueParams,
  initialBizState,
  pageOf,
} from '../../../src/web/components/data-grid/dialogs/business-select-model.ts';

describe('business select paging (spec §9)', () => {
  it('offers 5/10/20/30 and starts on page 1 of 5', () => {
    expect(BIZ_PAGE_SIZES).toEqual([5, 10, 20, 30]);
    expect(BIZ_DEFAULT_PAGE_SIZE).toBe(5);
    expect(bizListParams(initialBizState(), 'name')).toEqual({ pageNo: 1, pageSize: 5 });
  });

  it('searches "contains" on the search parameter, keeps operator syntax, adds sort and fixed params', () => {
    const state = {
      ...initialBizState(),
      pageNo: 2,
      search: ' 运营 ',
      column: 'name',
      order: 'asc' as const,
    };
    expect(bizListParams(state, 'name', { status: 1 })).toEqual({
      status: 1,
      pageNo: 2,
      pageSize: 5,
      column: 'name',
      order: 'asc',
      name: '*运营*',
    });
    expect(bizListParams({ ...state, search: '!admin' }, 'name').name).toBe('!admin');
    expect(bizListParams({ ...state, search: 'x' }, undefined)).not.toHaveProperty('undefined');
  });

  it('loads the chosen values by the value key on one page', () => {
    expect(bizValueParams('code', ['manager', 'cashier'])).toEqual({
      pageNo: 1,
      pageSize: 2,
      code: 'manager,cashier',
    });
  });

  it('reads a JeecgBoot page or a bare array', () => {
    expect(pageOf({ records: [{ id: '1' }], total: 9 })).toEqual({ records: [{ id: '1' }], total: 9 });
    expect(pageOf([{ id: '1' }, { id: '2' }])).toEqual({ records: [{ id: '1' }, { id: '2' }], total: 2 });
    expect(pageOf(null)).toEqual({ records: [], total: 0 });
  });
});
