/**
 * The system endpoints that are not generated from a resource declaration: each wire path written
 * once, with its method and the permission the server checks (jeecg-api.md §3–10). The server
 * registers its routes from these (src/server/lib/http/route.ts); commands and the web client call
 * them with `invoke` (src/shared/contracts.ts). Resources derive their own family from their
 * declaration (`RESOURCE.endpoints`).
 */
import { endpoint as e } from './contracts.ts';
import { ANONYMOUS, AUTHENTICATED, PERM } from './permissions.ts';

export const ENDPOINTS = {
  auth: {
    login: e('POST', '/sys/login', ANONYMOUS),
    phoneLogin: e('POST', '/sys/phoneLogin', ANONYMOUS),
    logout: e('POST', '/sys/logout', ANONYMOUS, ['GET']),
    sms: e('POST', '/sys/sms', ANONYMOUS),
    captcha: e('GET', '/sys/randomImage/:key', ANONYMOUS),
    register: e('POST', '/sys/user/register', ANONYMOUS),
    phoneVerification: e('POST', '/sys/user/phoneVerification', ANONYMOUS),
    /** GET with the new password in the query is JeecgBoot's; the client POSTs */
    passwordChange: e('POST', '/sys/user/passwordChange', ANONYMOUS, ['GET']),
    checkOnlyUser: e('GET', '/sys/user/checkOnlyUser', ANONYMOUS),
    /** menus and button permissions of the session */
    permissions: e('GET', '/sys/permission/getUserPermissionByToken', AUTHENTICATED),
    /** whether `?path=` is a live menu page at all (the client's 403 for a page outside the caller's menu) */
    menuPathExists: e('GET', '/sys/permission/menuPathExists', AUTHENTICATED),
    /** 302 to the provider's sign-in (`oidc`, `cas`) */
    thirdRender: e('GET', '/sys/thirdLogin/render/:source', ANONYMOUS),
    /** the OIDC provider's redirect: 302 to the client's /oauth2-app/login with a one-time token */
    oidcCallback: e('GET', '/sys/thirdLogin/oidc/callback', ANONYMOUS),
    /** the one-time token of a provider's sign-in → the login result (token, userInfo, …) */
    thirdLoginUser: e('GET', '/sys/thirdLogin/getLoginUser/:token/:thirdType', ANONYMOUS),
    /** `ticket` and `service` of a CAS sign-in → the login result */
    casValidateLogin: e('GET', '/sys/cas/client/validateLogin', ANONYMOUS),
    /** the CAS server's single logout (a LogoutRequest naming the service ticket) */
    casLogout: e('POST', '/sys/cas/client/logout', ANONYMOUS),
  },
  self: {
    departs: e('GET', '/sys/user/getCurrentUserDeparts', AUTHENTICATED),
    selectDepart: e('POST', '/sys/selectDepart', AUTHENTICATED, ['PUT']),
    updatePassword: e('POST', '/sys/user/updatePassword', AUTHENTICATED, ['PUT']),
    /** 账户绑定: the account's linked identities */
    thirdBindings: e('GET', '/sys/thirdApp/bindings', AUTHENTICATED),
    /** start linking (`thirdType`, `password` unless the session is fresh) → `{ url }` to open */
    thirdBind: e('POST', '/sys/thirdApp/bind', AUTHENTICATED),
    /** finish linking a CAS identity: `ticket`, `state` of the bind started */
    thirdBindCas: e('POST', '/sys/thirdApp/bindCas', AUTHENTICATED),
    /** unlink one identity (`id`, `password` unless the session is fresh) */
    thirdUnbind: e('POST', '/sys/thirdApp/unbind', AUTHENTICATED),
    /** 账户设置 (src/shared/account.ts): the caller's own account only, every write in the operation log */
    profile: e('GET', '/sys/user/self/profile', AUTHENTICATED),
    /** JeecgBoot's self edit: realname, avatar, sex, birthday of the caller */
    editProfile: e('PUT', '/sys/user/appEdit', AUTHENTICATED, ['POST']),
    /** `{kind: phone|email, value}`: a code to the new phone (SMS) or e-mail (mail provider) */
    sendContactCode: e('POST', '/sys/user/self/sendCode', AUTHENTICATED),
    /** `{kind, value, code}`: the new phone or e-mail, once the code proved the caller holds it */
    changeContact: e('PUT', '/sys/user/self/contact', AUTHENTICATED),
    /** the caller's live sessions: device, address, sign-in and last use */
    sessions: e('GET', '/sys/user/self/sessions', AUTHENTICATED),
    /** `{ids}` or `{others: true}`: sign out the caller's other sessions */
    revokeSessions: e('POST', '/sys/user/self/revokeSessions', AUTHENTICATED),
    /** the caller's recent sign-ins (login log) */
    logins: e('GET', '/sys/user/self/logins', AUTHENTICATED),
    /** 个性化设置 and 新消息通知 kept on the server */
    prefs: e('GET', '/sys/user/self/prefs', AUTHENTICATED),
    savePrefs: e('PUT', '/sys/user/self/savePrefs', AUTHENTICATED),
  },
  user: {
    list: e('GET', '/sys/user/list', PERM.user.list),
    queryById: e('GET', '/sys/user/queryById', PERM.user.list),
    queryUserRole: e('GET', '/sys/user/queryUserRole', PERM.user.list),
    userDepartList: e('GET', '/sys/user/userDepartList', PERM.user.list),
    add: e('POST', '/sys/user/add', PERM.user.add),
    edit: e('PUT', '/sys/user/edit', PERM.user.edit, ['POST']),
    delete: e('DELETE', '/sys/user/delete', PERM.user.delete),
    deleteBatch: e('DELETE', '/sys/user/deleteBatch', PERM.user.delete),
    frozenBatch: e('PUT', '/sys/user/frozenBatch', PERM.user.freeze),
    changePassword: e('PUT', '/sys/user/changePassword', PERM.user.resetPassword),
    exportXls: e('GET', '/sys/user/exportXls', PERM.user.export),
    importExcel: e('POST', '/sys/user/importExcel', PERM.user.import),
    /** the pickers other screens use */
    queryUserByDepId: e('GET', '/sys/user/queryUserByDepId', PERM.user.select),
    queryUserComponentData: e('GET', '/sys/user/queryUserComponentData', PERM.user.select),
    getMultiUser: e('GET', '/sys/user/getMultiUser', PERM.user.select),
    /** `userIds` (comma list): those users as the pickers show them */
    queryByIds: e('GET', '/sys/user/queryByIds', PERM.user.select),
  },
  /**
   * roles beyond their generated family (src/shared/resources/role.ts): the role picker of the user
   * form, the code check, the role's users and its grants
   */
  role: {
    /** every role (the user form's role picker) */
    queryall: e('GET', '/sys/role/queryall', PERM.user.list),
    /** whether a role code is free (`id`: the role being edited) */
    checkRoleCode: e('GET', '/sys/role/checkRoleCode', PERM.role.list),
    /** the authorisation tree: every menu and button as TreeModel nodes, `{treeList, ids}` */
    queryTreeList: e('GET', '/sys/role/queryTreeList', PERM.role.authorize),
    /** the permission ids granted to `?roleId=` */
    queryRolePermission: e('GET', '/sys/permission/queryRolePermission', PERM.role.authorize),
    /** `{roleId, permissionIds, lastpermissionIds}`: only the difference of the two lists is saved */
    saveRolePermission: e('POST', '/sys/permission/saveRolePermission', PERM.role.authorize),
    /** the users of `?roleId=` (paged; `username`, `realname` filter) */
    userRoleList: e('GET', '/sys/user/userRoleList', PERM.role.list),
    /** `{roleId, userIdList}`: users (ids or usernames) join the role */
    addSysUserRole: e('POST', '/sys/user/addSysUserRole', PERM.role.edit),
    deleteUserRole: e('DELETE', '/sys/user/deleteUserRole', PERM.role.edit),
    deleteUserRoleBatch: e('DELETE', '/sys/user/deleteUserRoleBatch', PERM.role.edit),
  },
  /** 菜单管理: sys_permission rows (jeecg-api.md §4.3) */
  permission: {
    /** the whole tree (SysPermissionTree[]); `name` searches flat */
    list: e('GET', '/sys/permission/list', PERM.permission.list),
    queryById: e('GET', '/sys/permission/queryById', PERM.permission.list),
    /** root menus only, children not filled */
    getSystemMenuList: e('GET', '/sys/permission/getSystemMenuList', PERM.permission.list),
    /** direct children of `parentId` */
    getSystemSubmenu: e('GET', '/sys/permission/getSystemSubmenu', PERM.permission.list),
    /** direct children of each of `parentIds` (comma list), by parent id */
    getSystemSubmenuBatch: e('GET', '/sys/permission/getSystemSubmenuBatch', PERM.permission.list),
    /** every row as TreeModel with all ids (`{treeList, ids}`): the Vue client's parent picker */
    queryTreeList: e('GET', '/sys/permission/queryTreeList', PERM.permission.list),
    add: e('POST', '/sys/permission/add', PERM.permission.add),
    edit: e('PUT', '/sys/permission/edit', PERM.permission.edit, ['POST']),
    /** deletes the menu with its whole subtree, their data rules and grants */
    delete: e('DELETE', '/sys/permission/delete', PERM.permission.delete),
    deleteBatch: e('DELETE', '/sys/permission/deleteBatch', PERM.permission.delete),
  },
  /** data rules of a menu (jeecg-api.md §4.4) and their grant to a role, a department, a department role */
  dataRule: {
    listByPermission: e('GET', '/sys/permission/getPermRuleListByPermId', PERM.permission.dataRule),
    query: e('GET', '/sys/permission/queryPermissionRule', PERM.permission.dataRule),
    add: e('POST', '/sys/permission/addPermissionRule', PERM.permission.dataRule),
    edit: e('PUT', '/sys/permission/editPermissionRule', PERM.permission.dataRule, ['POST']),
    delete: e('DELETE', '/sys/permission/deletePermissionRule', PERM.permission.dataRule),
    /** the menu's rules and those the role holds (`drChecked`) */
    roleRules: e('GET', '/sys/role/datarule/:permissionId/:roleId', PERM.role.authorize),
    /** `{permissionId, roleId, dataRuleIds}`: the rules the role holds on the menu */
    saveRoleRules: e('POST', '/sys/role/datarule', PERM.role.authorize),
    /** the menu's rules and those the department holds (what its department roles may be given) */
    departRules: e('GET', '/sys/sysDepartPermission/datarule/:permissionId/:departId', PERM.depart.authorize),
    /** `{permissionId, departId, dataRuleIds}`: the rules the department holds on the menu */
    saveDepartRules: e('POST', '/sys/sysDepartPermission/datarule', PERM.depart.authorize),
    /** the department's rules on the menu and those the department role holds */
    departRoleRules: e(
      'GET',
      '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
      PERM.depart.authorize,
    ),
    /** `{permissionId, departId, roleId, dataRuleIds}`: the rules the department role holds on the menu */
    saveDepartRoleRules: e('POST', '/sys/sysDepartRole/datarule', PERM.depart.authorize),
  },
  depart: {
    queryIdTree: e('GET', '/sys/sysDepart/queryIdTree', PERM.user.list),
    queryTreeTableList: e('GET', '/sys/sysDepart/queryTreeTableList', PERM.depart.list),
    /** the whole tree (SysDepartTreeModel) */
    queryTreeList: e('GET', '/sys/sysDepart/queryTreeList', PERM.depart.list),
    /** one level of the tree (the department picker loads it lazily) */
    queryDepartTreeSync: e('GET', '/sys/sysDepart/queryDepartTreeSync', PERM.user.select),
    /** departments whose name contains a keyword, flat */
    searchBy: e('GET', '/sys/sysDepart/searchBy', PERM.depart.list),
    /** the caller's own departments (superiors: userIdentity 2) */
    queryMyDeptTreeList: e('GET', '/sys/sysDepart/queryMyDeptTreeList', AUTHENTICATED),
    add: e('POST', '/sys/sysDepart/add', PERM.depart.add),
    edit: e('PUT', '/sys/sysDepart/edit', PERM.depart.edit, ['POST']),
    delete: e('DELETE', '/sys/sysDepart/delete', PERM.depart.delete),
    deleteBatch: e('DELETE', '/sys/sysDepart/deleteBatch', PERM.depart.delete),
    /** the live departments as 部门信息.xlsx, parents before children (org code order) */
    exportXls: e('GET', '/sys/sysDepart/exportXls', PERM.depart.export),
    /** departments from a sheet: the org code names the place in the tree (JeecgBoot's import) */
    importExcel: e('POST', '/sys/sysDepart/importExcel', PERM.depart.import),
    /** users of a department and its sub-departments */
    departUserList: e('GET', '/sys/user/departUserList', PERM.depart.list),
    addUsers: e('POST', '/sys/user/editSysDepartWithUser', PERM.depart.edit),
    removeUser: e('DELETE', '/sys/user/deleteUserInDepart', PERM.depart.edit),
    removeUsers: e('DELETE', '/sys/user/deleteUserInDepartBatch', PERM.depart.edit),
  },
  /** sessions: who is signed in (never their tokens), forced logout */
  online: {
    list: e('GET', '/sys/online/list', PERM.online.list),
    forceLogout: e('POST', '/sys/online/forceLogout', PERM.online.forceLogout),
  },
  /**
   * 系统监控's figures of the instance that answers (src/shared/monitor.ts), one endpoint per page,
   * each behind the page's code; and the JeecgBoot 3.3 client's actuator and redis calls
   */
  monitor: {
    server: e('GET', '/sys/monitor/server', PERM.monitor.server),
    runtime: e('GET', '/sys/monitor/runtime', PERM.monitor.runtime),
    database: e('GET', '/sys/monitor/database', PERM.monitor.db),
    disk: e('GET', '/sys/monitor/disk', PERM.monitor.disk),
    trace: e('GET', '/sys/monitor/trace', PERM.monitor.trace),
    http: e('GET', '/sys/monitor/http', PERM.monitor.http),
    /** Spring Boot's request trace as the original 请求追踪 page reads it (`{traces: […]}`) */
    httptrace: e('GET', '/actuator/httptrace', PERM.monitor.trace),
    /** the original 数据库监控 (RedisInfo) page: key/value/description list, sizes over time */
    redisInfo: e('GET', '/sys/actuator/redis/info', PERM.monitor.db),
    redisKeysSize: e('GET', '/sys/actuator/redis/keysSize', PERM.monitor.db),
    redisMemoryInfo: e('GET', '/sys/actuator/redis/memoryInfo', PERM.monitor.db),
    /** the original 磁盘监控 page */
    queryDiskInfo: e('GET', '/sys/actuator/redis/queryDiskInfo', PERM.monitor.disk),
  },
  /** third-party apps (WeChat Work, DingTalk): none is enabled */
  thirdApp: {
    /** which sign-in providers are on (src/shared/sso.ts EnabledTypes): the signed-out SSO page asks */
    getEnabledType: e('GET', '/sys/thirdApp/getEnabledType', ANONYMOUS),
  },
  /** logically deleted users */
  recycleBin: {
    list: e('GET', '/sys/user/recycleBin', PERM.recycleBin.list),
    restore: e('PUT', '/sys/user/putRecycleBin', PERM.recycleBin.restore),
    delete: e('DELETE', '/sys/user/deleteRecycleBin', PERM.recycleBin.delete),
  },
  /** the operation log: a command run by a signed-in user (the API writes are logged by the server) */
  audit: {
    command: e('POST', '/sys/log/command', AUTHENTICATED),
  },
  dict: {
    refleshCache: e('GET', '/sys/dict/refleshCache', AUTHENTICATED),
    queryAllDictItems: e('GET', '/sys/dict/queryAllDictItems', AUTHENTICATED),
    loadDict: e('GET', '/sys/dict/loadDict/:dict', AUTHENTICATED),
    loadDictItem: e('GET', '/sys/dict/loadDictItem/:dict', AUTHENTICATED),
    /** every item of a dictionary code or `table,text,code` (signed call) */
    getDictItems: e('GET', '/sys/dict/getDictItems/:dict', AUTHENTICATED),
    getDictText: e('GET', '/sys/dict/getDictText/:dict/:key', AUTHENTICATED),
    /** tree of an allow-listed table (signed call) */
    loadTreeData: e('GET', '/sys/dict/loadTreeData', AUTHENTICATED),
  },
  /** whether a value is free in a column (forms' unique fields); the table's read permission is checked */
  duplicate: {
    check: e('GET', '/sys/duplicate/check', AUTHENTICATED),
  },
  dictItem: {
    list: e('GET', '/sys/dictItem/list', PERM.dict.list),
    add: e('POST', '/sys/dictItem/add', PERM.dict.add),
    edit: e('PUT', '/sys/dictItem/edit', PERM.dict.edit, ['POST']),
    delete: e('DELETE', '/sys/dictItem/delete', PERM.dict.delete),
    /** `ids` (comma list): all or nothing */
    deleteBatch: e('DELETE', '/sys/dictItem/deleteBatch', PERM.dict.delete),
    /** whether `itemValue` is free in the dictionary `dictId` (`id`: the item being edited) */
    dictItemCheck: e('GET', '/sys/dictItem/dictItemCheck', PERM.dict.list),
    saveBatch: e('POST', '/sys/dictItem/saveBatch', PERM.dict.edit),
  },
  file: {
    upload: e('POST', '/sys/common/upload', AUTHENTICATED),
    /** a stored file: `/sys/common/static/<path>` (its read is checked per file) */
    static: e('GET', '/sys/common/static/*', AUTHENTICATED),
  },
  /**
   * 首页's statistics from the login log (src/shared/home-stats.ts): counts only, shown to every
   * signed-in user as JeecgBoot's home page does
   */
  home: {
    loginfo: e('GET', '/sys/loginfo', AUTHENTICATED),
    visitInfo: e('GET', '/sys/visitInfo', AUTHENTICATED),
    /** 工作台: what waits for the caller (src/shared/stats/workplace.ts); sections by the caller's codes */
    workplace: e('GET', '/yy/ht/yyBasic/workplace', AUTHENTICATED),
  },
  /**
   * The original client's 工作台 and 个人中心 call JeecgBoot's demo MockController; these answer
   * in its shapes with the caller's own figures (src/server/routes/mock-api.ts).
   */
  mock: {
    teams: e('GET', '/mock/api/workplace/teams', AUTHENTICATED),
    activity: e('GET', '/mock/api/workplace/activity', AUTHENTICATED),
    radar: e('GET', '/mock/api/workplace/radar', AUTHENTICATED),
    projects: e('GET', '/mock/api/list/search/projects', AUTHENTICATED),
    role: e('GET', '/mock/api/role', AUTHENTICATED),
    service: e('GET', '/mock/api/service', AUTHENTICATED),
  },
  report: {
    columns: e('GET', '/online/cgreport/api/getRpColumns/:code', AUTHENTICATED),
    queryInfo: e('GET', '/online/cgreport/api/getQueryInfo/:id', AUTHENTICATED),
    data: e('GET', '/online/cgreport/api/getData/:id', AUTHENTICATED),
  },
  socket: {
    /** the notification socket (token as sub-protocol) */
    notify: e('GET', '/websocket/:userId', AUTHENTICATED),
    /** the realtime-grid socket */
    grid: e('GET', '/vxeSocket/:userId/:pageId', AUTHENTICATED),
  },
  /** department permissions and department roles (src/shared/depart-role.ts) */
  departRole: {
    /** the permission ids granted to a department */
    queryDepartPermission: e('GET', '/sys/permission/queryDepartPermission', PERM.depart.list),
    /** `{departId, permissionIds, lastpermissionIds}`: the difference is saved */
    saveDepartPermission: e('POST', '/sys/permission/saveDepartPermission', PERM.depart.authorize),
    /**
     * ours: `{treeList, ids}` of what the caller may hand out to a department (the permissions the
     * caller holds; an administrator holds them all), the tree of the 部门权限 tab
     */
    grantableTree: e('GET', '/sys/sysDepartPermission/grantableTree', PERM.depart.list),
    /** `{treeList, ids}`: the department's own permissions as a tree (what its roles may get) */
    queryTreeListForDeptRole: e('GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', PERM.depart.list),
    queryDeptRolePermission: e('GET', '/sys/sysDepartPermission/queryDeptRolePermission', PERM.depart.list),
    saveDeptRolePermission: e(
      'POST',
      '/sys/sysDepartPermission/saveDeptRolePermission',
      PERM.depart.authorize,
    ),
    list: e('GET', '/sys/sysDepartRole/list', PERM.depart.list),
    queryById: e('GET', '/sys/sysDepartRole/queryById', PERM.depart.list),
    add: e('POST', '/sys/sysDepartRole/add', PERM.depart.edit),
    edit: e('PUT', '/sys/sysDepartRole/edit', PERM.depart.edit, ['POST']),
    delete: e('DELETE', '/sys/sysDepartRole/delete', PERM.depart.edit),
    deleteBatch: e('DELETE', '/sys/sysDepartRole/deleteBatch', PERM.depart.edit),
    /** the roles of a department (`departId`) */
    getDeptRoleList: e('GET', '/sys/sysDepartRole/getDeptRoleList', PERM.depart.list),
    /** one user's department roles: `{userId, newRoleId:"a,b", oldRoleId:"a"}` */
    deptRoleUserAdd: e('POST', '/sys/sysDepartRole/deptRoleUserAdd', PERM.depart.edit),
    getDeptRoleByUserId: e('GET', '/sys/sysDepartRole/getDeptRoleByUserId', PERM.depart.list),
    /** ours (JeecgBoot edits membership per user only): a role's members, paged */
    userList: e('GET', '/sys/sysDepartRole/userList', PERM.depart.list),
    /** ours: `{roleId, userIds:[…]}` adds members (users of the role's department only) */
    addUsers: e('POST', '/sys/sysDepartRole/addUsers', PERM.depart.edit),
    /** ours: `roleId`, `userIds` (comma list) takes members out */
    removeUsers: e('DELETE', '/sys/sysDepartRole/removeUsers', PERM.depart.edit),
  },
} as const;
