import type { ColDef } from 'ag-grid-community';
import type { ListColumn } from './types.ts';

/** Server field a column sorts by (false when it does not sort). */
export const sortFieldOf = <Row>(c: ListColumn<Row>): string | false =>
  c.sortField === false ? false : (c.sortField ?? c.field.replace(/_dictText$/, ''));

/** Server field a column's header filter searches. */
export const filterFieldOf = <Row>(c: ListColumn<Row>): string | undefined =>
  !c.filter ? undefined : typeof c.filter === 'string' ? c.filter : sortFieldOf(c) || c.field;

const TEXT_FILTER = {
  filter: 'agTextColumnFilter',
  floatingFilter: true,
  filterParams: {
    filterOptions: ['contains', 'equals', 'notEqual', 'startsWith', 'endsWith'],
    maxNumConditions: 1,
  },
} as const;

/**
 * AG Grid column definitions of a list page. Sorting and filtering happen on the server: the
 * grid's own comparator keeps the server order. Columns hidden by column permissions are left out.
 */
export function toColDefs<Row>(
  columns: Array<ListColumn<Row>>,
  hidden: ReadonlySet<string>,
): Array<ColDef<Row>> {
  return columns
    .filter((c) => !hidden.has(c.authField ?? (sortFieldOf(c) || c.field)))
    .map((c) => {
      const sort = sortFieldOf(c);
      const def: ColDef<Row> = {
        colId: c.field,
        field: c.field as ColDef<Row>['field'],
        headerName: c.title,
        sortable: sort !== false,
        comparator: () => 0,
        ...(c.width ? { width: c.width } : { flex: 1, minWidth: 120 }),
        ...(c.filter ? TEXT_FILTER : { filter: false }),
        ...(c.pinned ? { pinned: c.pinned } : {}),
      };
      if (c.render) {
        const render = c.render;
        def.cellRenderer = (p: { data?: Row }) => (p.data ? render(p.data) : null);
      }
      return def;
    });
}
