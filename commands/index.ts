/**
 * The explicit list of every command module (the one barrel the conventions allow).
 * Add each `commands/<domain>/<verb>.ts` default export here.
 */
import type { CommandRegistry } from './core/registry.ts';
import type { CommandDefinition } from './core/types.ts';
import shellClearCache from './shell/clear-cache.ts';
import shellFocusGrid from './shell/focus-grid.ts';
import shellOpenPalette from './shell/open-palette.ts';
import shellOpenSettings from './shell/open-settings.ts';
import shellShortcuts from './shell/shortcuts.ts';
import shellSwitchLayout from './shell/switch-layout.ts';
import shellSwitchTheme from './shell/switch-theme.ts';
import shellToggleSidebar from './shell/toggle-sidebar.ts';
import shellToggleTerminal from './shell/toggle-terminal.ts';
import tabCloseLeft from './tab/close-left.ts';
import tabCloseOthers from './tab/close-others.ts';
import tabCloseRight from './tab/close-right.ts';
import tabClose from './tab/close.ts';
import tabRefresh from './tab/refresh.ts';
import accountCenter from './account/center.ts';
import accountChangePassword from './account/change-password.ts';
import accountSettings from './account/settings.ts';
import accountSwitchDepart from './account/switch-depart.ts';
import accountBindings from './account/bindings.ts';
import accountBind from './account/bind.ts';
import accountUnbind from './account/unbind.ts';
import accountProfileShow from './account/profile/show.ts';
import accountProfileEdit from './account/profile/edit.ts';
import accountContactSendCode from './account/contact/send-code.ts';
import accountContactChange from './account/contact/change.ts';
import accountSessionsList from './account/sessions/list.ts';
import accountSessionsRevoke from './account/sessions/revoke.ts';
import accountLogins from './account/logins.ts';
import accountPreferencesSet from './account/preferences/set.ts';
import accountPreferencesShow from './account/preferences/show.ts';
import accountNotifySet from './account/notify/set.ts';
import authLogout from './auth/logout.ts';
import fileUpload from './file/upload.ts';
import gridAddRow from './grid/add-row.ts';
import gridDeleteRows from './grid/delete-rows.ts';
import gridDetail from './grid/detail.ts';
import gridExport from './grid/export.ts';
import gridImport from './grid/import.ts';
import gridInsertRow from './grid/insert-row.ts';
import gridMoveDown from './grid/move-down.ts';
import gridMoveUp from './grid/move-up.ts';
import gridRefresh from './grid/refresh.ts';
import gridPopup from './grid/popup.ts';
import gridSuperQuery from './grid/super-query.ts';
import dictItems from './dict/items.ts';
import dictSaveItems from './dict/save-items.ts';
import dictRefresh from './dict/refresh.ts';
import jobRun from './job/run.ts';
import jobPause from './job/pause.ts';
import jobResume from './job/resume.ts';
import farePreview from './fare/preview.ts';
import commissionPreview from './commission/preview.ts';
import commissionRoyalty from './commission/royalty.ts';
import statementGenerate from './statement/generate.ts';
import visitFinanceDivide from './visit-finance/divide.ts';
import dispatchCandidates from './dispatch/candidates.ts';
import dispatchExplain from './dispatch/explain.ts';
import techShiftWeek from './tech-shift/week.ts';
import techShiftSaveWeek from './tech-shift/save-week.ts';
import orderTimeline from './order/timeline.ts';
import statsToday from './stats/today.ts';
import statsOrders from './stats/orders.ts';
import statsWorkplace from './stats/workplace.ts';
import chartExportPng from './chart/export-png.ts';
import orderQuote from './order/quote.ts';
import orderCloseUnpaid from './order/close-unpaid.ts';
import exceptionOrderOrder from './exception-order/order.ts';
import noticeSend from './notice/send.ts';
import noticeRelease from './notice/release.ts';
import noticeRevoke from './notice/revoke.ts';
import ossFileUpload from './oss-file/upload.ts';
import ossFileDownload from './oss-file/download.ts';
import messageTemplateTest from './message-template/test.ts';
import goodsStatus from './goods/status.ts';
import logClear from './log/clear.ts';
import logTail from './log/tail.ts';
import monitorDb from './monitor/db.ts';
import monitorTop from './monitor/top.ts';
import deptMove from './dept/move.ts';
import deptAdd from './dept/add.ts';
import deptDelete from './dept/delete.ts';
import deptExport from './dept/export.ts';
import deptImport from './dept/import.ts';
import deptPerm from './dept/perm.ts';
import deptRoleList from './dept/role/list.ts';
import deptRoleAdd from './dept/role/add.ts';
import deptRoleDelete from './dept/role/delete.ts';
import deptSavePermissions from './dept/save-permissions.ts';
import deptRoleSavePermissions from './dept/role/save-permissions.ts';
import deptRoleUsers from './dept/role/users.ts';
import deptDatarule from './dept/datarule.ts';
import deptRoleDatarule from './dept/role/datarule.ts';
import onlineList from './online/list.ts';
import onlineForceLogout from './online/force-logout.ts';
import recycleList from './recycle/list.ts';
import savedScriptRun from './saved-script/run.ts';
import savedScriptRuns from './saved-script/runs.ts';
import savedScriptSchedule from './saved-script/schedule.ts';
import recycleRestore from './recycle/restore.ts';
import recyclePurge from './recycle/purge.ts';
import userAssignRole from './user/assign-role.ts';
import roleAddUsers from './role/add-users.ts';
import roleAuthorize from './role/authorize.ts';
import roleGrant from './role/grant.ts';
import roleRemoveUsers from './role/remove-users.ts';
import roleRevoke from './role/revoke.ts';
import roleSavePermissions from './role/save-permissions.ts';
import roleUsers from './role/users.ts';
import roleDatarule from './role/datarule.ts';
import menuList from './menu/list.ts';
import menuAdd from './menu/add.ts';
import menuEdit from './menu/edit.ts';
import menuDelete from './menu/delete.ts';
import dataruleList from './datarule/list.ts';
import dataruleAdd from './datarule/add.ts';
import dataruleEdit from './datarule/edit.ts';
import dataruleDelete from './datarule/delete.ts';
import partnerStatus from './partner/status.ts';
import projectPrice from './project/price.ts';
import technicianServicesAdd from './technician/services/add.ts';
import technicianStatus from './technician/status.ts';
import platformConfigReset from './platform-config/reset.ts';
import platformConfigSet from './platform-config/set.ts';
import userAdd from './user/add.ts';
import userDelete from './user/delete.ts';
import userEdit from './user/edit.ts';
import userFreeze from './user/freeze.ts';
import userList from './user/list.ts';
import userResetPassword from './user/reset-password.ts';
import userUnfreeze from './user/unfreeze.ts';
import userTenant from './user/tenant.ts';
import { RESOURCES } from '../src/shared/resources/index.ts';
import { resourceCommands } from './resources/generate.ts';

export const COMMANDS: CommandDefinition[] = [
  shellClearCache,
  shellFocusGrid,
  shellOpenPalette,
  shellOpenSettings,
  shellShortcuts,
  shellSwitchLayout,
  shellSwitchTheme,
  shellToggleSidebar,
  shellToggleTerminal,
  tabCloseLeft,
  tabCloseOthers,
  tabCloseRight,
  tabClose,
  tabRefresh,
  accountCenter,
  accountChangePassword,
  accountSettings,
  accountSwitchDepart,
  accountBindings,
  accountBind,
  accountUnbind,
  accountProfileShow,
  accountProfileEdit,
  accountContactSendCode,
  accountContactChange,
  accountSessionsList,
  accountSessionsRevoke,
  accountLogins,
  accountPreferencesSet,
  accountPreferencesShow,
  accountNotifySet,
  authLogout,
  fileUpload,
  gridAddRow,
  gridDeleteRows,
  gridDetail,
  gridExport,
  gridImport,
  gridInsertRow,
  gridMoveDown,
  gridMoveUp,
  gridRefresh,
  gridPopup,
  gridSuperQuery,
  dictItems,
  dictSaveItems,
  dictRefresh,
  jobRun,
  jobPause,
  jobResume,
  farePreview,
  commissionPreview,
  commissionRoyalty,
  statementGenerate,
  visitFinanceDivide,
  dispatchCandidates,
  dispatchExplain,
  techShiftWeek,
  techShiftSaveWeek,
  orderTimeline,
  statsToday,
  statsOrders,
  statsWorkplace,
  chartExportPng,
  orderQuote,
  orderCloseUnpaid,
  exceptionOrderOrder,
  noticeSend,
  noticeRelease,
  noticeRevoke,
  ossFileUpload,
  ossFileDownload,
  messageTemplateTest,
  goodsStatus,
  logClear,
  logTail,
  monitorTop,
  monitorDb,
  deptMove,
  deptAdd,
  deptDelete,
  deptExport,
  deptImport,
  deptPerm,
  deptRoleList,
  deptRoleAdd,
  deptRoleDelete,
  deptSavePermissions,
  deptRoleSavePermissions,
  deptRoleUsers,
  deptDatarule,
  deptRoleDatarule,
  onlineList,
  onlineForceLogout,
  recycleList,
  recycleRestore,
  recyclePurge,
  userAssignRole,
  roleUsers,
  roleAddUsers,
  roleRemoveUsers,
  roleAuthorize,
  roleSavePermissions,
  roleGrant,
  roleRevoke,
  roleDatarule,
  menuList,
  menuAdd,
  menuEdit,
  menuDelete,
  dataruleList,
  dataruleAdd,
  dataruleEdit,
  dataruleDelete,
  userTenant,
  partnerStatus,
  projectPrice,
  technicianServicesAdd,
  technicianStatus,
  platformConfigReset,
  platformConfigSet,
  userAdd,
  userDelete,
  userEdit,
  userFreeze,
  userList,
  userResetPassword,
  userUnfreeze,
  savedScriptRun,
  savedScriptRuns,
  savedScriptSchedule,
  // the generated commands of every declared resource (src/shared/resources), as its operations allow
  ...RESOURCES.flatMap((r) => resourceCommands(r)),
];

/** Registers every listed command; throws on a duplicate id or a clashing keybinding. */
export function registerAll(
  registry: CommandRegistry,
  commands: readonly CommandDefinition[] = COMMANDS,
): void {
  for (const command of commands) registry.register(command);
}
