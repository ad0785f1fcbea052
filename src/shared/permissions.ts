/**
 * Permission codes: the one list shared by the server (route guards), the seed (button rows of
 * `sys_permission`) and the client (command `permission` gates).
 *
 * Codes follow JeecgBoot's `domain:action` style. A code is granted to a user through
 * `sys_role_permission` rows that point at the `sys_permission` button row carrying it.
 */
export const PERM = {
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

  // ---- system administration -------------------------------------------------------------------
  role: {
    list: 'role:list',
    add: 'role:add',
    edit: 'role:edit',
    delete: 'role:delete',
    /** role menu/button/data-rule grants (saveRolePermission, /sys/role/datarule) */
    authorize: 'role:authorize',
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
  },
  position: {
    list: 'position:list',
    add: 'position:add',
    edit: 'position:edit',
    delete: 'position:delete',
    /** GET /sys/position/exportXls */
    export: 'position:export',
    /** POST /sys/position/importExcel */
    import: 'position:import',
  },
  tenant: {
    list: 'tenant:list',
    add: 'tenant:add',
    edit: 'tenant:edit',
    delete: 'tenant:delete',
    /**
     * every tenant's rows (src/server/lib/access/tenant-scope.ts): without it a caller reads and writes
     * only the rows of their own tenants
     */
    all: 'tenant:all',
  },
  /** dictionaries and their items */
  dict: {
    list: 'dict:list',
    add: 'dict:add',
    edit: 'dict:edit',
    delete: 'dict:delete',
    refreshCache: 'dict:refreshCache',
  },
  /** 编码校验规则 (sys_check_rule) */
  checkRule: {
    list: 'checkRule:list',
    add: 'checkRule:add',
    edit: 'checkRule:edit',
    delete: 'checkRule:delete',
  },
  /** category dictionary (sys_category) */
  category: {
    list: 'category:list',
    add: 'category:add',
    edit: 'category:edit',
    delete: 'category:delete',
  },
  announcement: {
    list: 'announcement:list',
    add: 'announcement:add',
    edit: 'announcement:edit',
    delete: 'announcement:delete',
    release: 'announcement:release',
    revoke: 'announcement:revoke',
  },
  log: {
    list: 'log:list',
    /** delete, deleteBatch and clearing the whole log (ids=allclear) */
    delete: 'log:delete',
    /** GET /sys/log/exportXls */
    export: 'log:export',
  },
  quartz: {
    list: 'quartz:list',
    add: 'quartz:add',
    edit: 'quartz:edit',
    delete: 'quartz:delete',
    pause: 'quartz:pause',
    resume: 'quartz:resume',
    execute: 'quartz:execute',
    export: 'quartz:export',
    import: 'quartz:import',
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
  messageTemplate: {
    list: 'messageTemplate:list',
    add: 'messageTemplate:add',
    edit: 'messageTemplate:edit',
    delete: 'messageTemplate:delete',
    export: 'messageTemplate:export',
    import: 'messageTemplate:import',
  },
  ossFile: {
    list: 'ossFile:list',
    upload: 'ossFile:upload',
    delete: 'ossFile:delete',
    download: 'ossFile:download',
  },

  // ---- business (/yy/*) --------------------------------------------------------------------------
  /** banner images (/yy/yyImages) */
  banner: {
    list: 'banner:list',
    add: 'banner:add',
    edit: 'banner:edit',
    delete: 'banner:delete',
    /** enable / disable an image (forbiddenImage) */
    forbid: 'banner:forbid',
  },
  /** customers of the apps (/yy/yyUser) and their addresses */
  customer: {
    list: 'customer:list',
    add: 'customer:add',
    edit: 'customer:edit',
    delete: 'customer:delete',
    export: 'customer:export',
  },
  /** merchant records (/yy/yyPartner) */
  partner: {
    list: 'partner:list',
    add: 'partner:add',
    edit: 'partner:edit',
    delete: 'partner:delete',
    updateStatus: 'partner:updateStatus',
    export: 'partner:export',
    import: 'partner:import',
  },
  fare: {
    list: 'fare:list',
    add: 'fare:add',
    edit: 'fare:edit',
    delete: 'fare:delete',
    export: 'fare:export',
    import: 'fare:import',
  },
  /** platform settings: a fixed catalogue, values changed only (each change logged) */
  platformConfig: {
    list: 'platformConfig:list',
    edit: 'platformConfig:edit',
    export: 'platformConfig:export',
  },
  appVersion: {
    list: 'appVersion:list',
    add: 'appVersion:add',
    edit: 'appVersion:edit',
    delete: 'appVersion:delete',
  },
  goods: {
    list: 'goods:list',
    add: 'goods:add',
    edit: 'goods:edit',
    delete: 'goods:delete',
    export: 'goods:export',
    import: 'goods:import',
  },
  materialOrder: {
    list: 'materialOrder:list',
    add: 'materialOrder:add',
    edit: 'materialOrder:edit',
    delete: 'materialOrder:delete',
    export: 'materialOrder:export',
    import: 'materialOrder:import',
  },
  /** technician financial statistics (report) */
  techFinance: {
    list: 'techFinance:list',
    export: 'techFinance:export',
  },
  /** service items (/yy/yyProject) */
  project: {
    list: 'project:list',
    add: 'project:add',
    edit: 'project:edit',
    delete: 'project:delete',
    export: 'project:export',
    import: 'project:import',
  },
  techCommission: {
    list: 'techCommission:list',
    add: 'techCommission:add',
    edit: 'techCommission:edit',
    delete: 'techCommission:delete',
    export: 'techCommission:export',
    import: 'techCommission:import',
  },
  /** technicians (/yy/yyTechnician) */
  technician: {
    list: 'technician:list',
    add: 'technician:add',
    edit: 'technician:edit',
    delete: 'technician:delete',
    export: 'technician:export',
    import: 'technician:import',
    /** work status of one or many (PUT /yy/yyTechnician/updateStatus) */
    updateStatus: 'technician:updateStatus',
  },
  /** per-technician service summary, a read-only view (/yy/yyTechnicianSummary) */
  techSummary: {
    list: 'techSummary:list',
    export: 'techSummary:export',
  },
  techService: {
    list: 'techService:list',
    add: 'techService:add',
    edit: 'techService:edit',
    delete: 'techService:delete',
    export: 'techService:export',
    import: 'techService:import',
  },
  visitOrder: {
    list: 'visitOrder:list',
    add: 'visitOrder:add',
    edit: 'visitOrder:edit',
    delete: 'visitOrder:delete',
    export: 'visitOrder:export',
    import: 'visitOrder:import',
  },
  exceptionOrder: {
    list: 'exceptionOrder:list',
    add: 'exceptionOrder:add',
    edit: 'exceptionOrder:edit',
    delete: 'exceptionOrder:delete',
    export: 'exceptionOrder:export',
    import: 'exceptionOrder:import',
  },
  statement: {
    list: 'statement:list',
    add: 'statement:add',
    edit: 'statement:edit',
    delete: 'statement:delete',
    export: 'statement:export',
    import: 'statement:import',
  },
  /** visit finance (/yy/yyVisitFinance) incl. its statistics calls */
  visitFinance: {
    list: 'visitFinance:list',
    add: 'visitFinance:add',
    edit: 'visitFinance:edit',
    delete: 'visitFinance:delete',
    export: 'visitFinance:export',
    import: 'visitFinance:import',
    divideCash: 'visitFinance:divideCash',
  },
} as const;

/** Pseudo code for endpoints open to every signed-in user (menu, own password, own department). */
export const AUTHENTICATED = '@authenticated' as const;

/** Pseudo code for endpoints reachable without a token (login, registration, captcha, SMS). */
export const ANONYMOUS = '@anonymous' as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** Every real permission code of the product. */
export type PermissionCode = Leaves<typeof PERM>;

/** What a route or command declares it needs. */
export type PermissionRequirement = PermissionCode | typeof AUTHENTICATED | typeof ANONYMOUS;

function collect(node: unknown, out: string[]): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) collect(v, out);
  return out;
}

/** Flat list of all codes (used by the seed to check every code has a button row). */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = collect(PERM, []) as PermissionCode[];
