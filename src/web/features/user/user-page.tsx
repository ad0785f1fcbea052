import { PERM } from '../../../shared/permissions.ts';
import { SOCKET_KEYS } from '../../../shared/realtime.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import type { ListPageConfig } from '../../components/data-grid/list/types.ts';
import type { UserRow } from './api/get-users.ts';
import { USER_COLUMNS, USER_SEARCH, USER_SUPER_QUERY } from './user-columns.ts';
import { UserFormHost } from './components/user-form.tsx';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

const USER_LIST: ListPageConfig<UserRow> = {
  pageKey: 'user',
  title: '用户',
  url: {
    list: ENDPOINTS.user.list.path,
    exportXls: ENDPOINTS.user.exportXls.path,
    importExcel: ENDPOINTS.user.importExcel.path,
  },
  perms: { export: PERM.user.export, import: PERM.user.import },
  queryKey: ['users'],
  columns: USER_COLUMNS,
  search: USER_SEARCH,
  superQuery: USER_SUPER_QUERY,
  authPrefix: 'user:',
  actionsWidth: 260,
  socketKey: SOCKET_KEYS.user,
};

/** 用户管理: the list-page pattern; toolbar and row actions are the user commands the caller may run. */
export default function UserPage() {
  return (
    <ListPage config={USER_LIST}>
      <UserFormHost />
    </ListPage>
  );
}
