import type { UserRow } from '../plugins/auth.ts';
import { formatDateTime } from '../lib/http/time.ts';

/** SysUser JSON (jeecg-api.md §6.1); password and salt are never serialised. */
export function userJson(u: UserRow, tz: string, extra: { orgCodeTxt?: string | null } = {}) {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    birthday: u.birthday,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.orgCode,
    orgCodeTxt: extra.orgCodeTxt ?? null,
    status: u.status,
    delFlag: u.delFlag,
    workNo: u.workNo,
    post: u.post,
    telephone: u.telephone,
    createBy: u.createBy,
    createTime: formatDateTime(u.createTime, tz),
    updateBy: u.updateBy,
    updateTime: formatDateTime(u.updateTime, tz),
    activitiSync: u.activitiSync,
    userIdentity: u.userIdentity,
    departIds: u.departIds,
    relTenantIds: u.relTenantIds,
    clientId: u.clientId,
    /** the partner whose staff the account is (none: platform staff) */
    partnerId: u.partnerId ?? null,
    homePath: null,
  };
}

export type UserJson = ReturnType<typeof userJson>;
