/**
 * The permission codes no resource declaration derives: system screens written by hand (users,
 * menus, departments, monitors, online users, the recycle bin) and menu pages that have no
 * declaration yet. A declared resource's codes come from its declaration
 * (src/shared/resources/access.ts); `PERM` (permissions.ts) joins both.
 *
 * A leaf: resource declarations may import it (the pseudo codes), permissions.ts imports them.
 */
export const SYSTEM_PERM = {
  user: {
    list: 'user:list',
    add: 'user:add',
    edit: 'user:edit',
    delete: 'user:delete',
    freeze: 'user:freeze',
    resetPassword: 'user:resetPassword',
    /** user pickers (queryUserComponentData, queryUserByDepId, getMultiUser) used by other screens */
    select: 'user:select',
    /** GET /sys/user/exportXls (the list as an .xlsx download) */
    export: 'user:export',
    /** POST /sys/user/importExcel */
    import: 'user:import',
    /** field rights (JeecgBoot seed, src/shared/auth-rules.ts): 性别 column, 生日 and 手机 in the form */
    fieldSex: 'user:sex',
    formBirthday: 'user:form:birthday',
    formPhone: 'user:form:phone',
  },
  /** menu management (sys_permission rows) */
  permission: {
    list: 'permission:list',
    add: 'permission:add',
    edit: 'permission:edit',
    delete: 'permission:delete',
    /** data rules of a menu (sys_permission_data_rule) */
    dataRule: 'permission:dataRule',
  },
  depart: {
    list: 'depart:list',
    add: 'depart:add',
    edit: 'depart:edit',
    delete: 'depart:delete',
    /** department and department-role grants of menus and data rules (save*Permission, …/datarule) */
    authorize: 'depart:authorize',
    export: 'depart:export',
    import: 'depart:import',
  },
  online: {
    list: 'online:list',
    forceLogout: 'online:forceLogout',
  },
  /** logically deleted users */
  recycleBin: {
    list: 'recycleBin:list',
    restore: 'recycleBin:restore',
    delete: 'recycleBin:delete',
  },
  monitor: {
    disk: 'monitor:disk',
    trace: 'monitor:trace',
    runtime: 'monitor:runtime',
    db: 'monitor:db',
    terminal: 'monitor:terminal',
    server: 'monitor:server',
    http: 'monitor:http',
  },
} as const;

/** Pseudo code for endpoints open to every signed-in user (menu, own password, own department). */
export const AUTHENTICATED = '@authenticated' as const;

/** Pseudo code for endpoints reachable without a token (login, registration, captcha, SMS). */
export const ANONYMOUS = '@anonymous' as const;
