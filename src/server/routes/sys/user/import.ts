import type { FastifyInstance } from 'fastify';
import { requestAccess } from '../../../lib/access/tenant-scope.ts';
import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { USER_STATUS, userImportSchema } from '../../../../shared/user.ts';
import type { Db } from '../../../db/client.ts';
import { sysUser } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/query/ids.ts';
import { hashPassword, UNUSABLE_PASSWORD } from '../../../lib/access/password.ts';
import { registerImport } from '../../../lib/excel/xlsx-import-route.ts';
import type { ImportColumn, UniqueRule } from '../../../lib/excel/xlsx-import.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';

/** Header titles of a user sheet: those of our export (用户信息.xlsx) plus common variants. */
export const USER_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'username', title: '用户账号', aliases: ['账号', '登录账号', '用户名'], required: true },
  { key: 'realname', title: '用户姓名', aliases: ['姓名', '真实姓名'], required: true },
  { key: 'sex', title: '性别', dict: 'sex' },
  { key: 'birthday', title: '生日', aliases: ['出生日期'], type: 'date' },
  { key: 'phone', title: '手机号码', aliases: ['手机号', '手机'] },
  { key: 'email', title: '邮箱', aliases: ['电子邮箱'] },
  { key: 'workNo', title: '工号' },
  { key: 'telephone', title: '座机', aliases: ['座机号码', '电话'] },
  { key: 'password', title: '密码', aliases: ['登录密码'] },
];

const takenIn =
  (column: PgColumn) =>
  async (db: Db, values: string[]): Promise<Set<string>> => {
    // deleted users keep their unique values (the unique indexes cover them)
    const rows = await db.select({ v: column }).from(sysUser).where(inArray(column, values));
    return new Set(rows.map((r) => String(r.v)));
  };

const USER_UNIQUE: UniqueRule[] = [
  { key: 'username', title: '用户账号', takenMessage: '用户账号已存在', taken: takenIn(sysUser.username) },
  { key: 'phone', title: '手机号码', takenMessage: '手机号已存在', taken: takenIn(sysUser.phone) },
  { key: 'email', title: '邮箱', takenMessage: '邮箱已存在', taken: takenIn(sysUser.email) },
  { key: 'workNo', title: '工号', takenMessage: '工号已存在', taken: takenIn(sysUser.workNo) },
];

/** POST /sys/user/importExcel (jeecg-api.md §6.1, §6.15). */
export default async function userImportRoutes(app: FastifyInstance) {
  await registerImport<z.infer<typeof userImportSchema>>(app, {
    endpoint: ENDPOINTS.user.importExcel,
    logName: 'userImportExcelErrorLog',
    okMessage: (n) => `共${n}行数据全部导入成功！`,
    plan: ({ user, req }) => {
      // imported users join a tenant-bound importer's tenant (else the importer could not see them)
      const access = requestAccess(req);
      const tenant = access.all ? null : access.write;
      const hashOf = async (plain: string | undefined) => (plain ? hashPassword(plain) : UNUSABLE_PASSWORD);
      return {
        columns: USER_IMPORT_COLUMNS,
        schema: userImportSchema,
        unique: USER_UNIQUE,
        async insert(tx, rows) {
          const hashes = await Promise.all(rows.map((r) => hashOf(r.password)));
          await tx.insert(sysUser).values(
            rows.map((b, i) => ({
              id: newId(),
              username: b.username,
              password: hashes[i]!,
              salt: null,
              // someone else chose (or nobody knows) the password: the owner sets their own
              mustChangePassword: true,
              realname: b.realname,
              sex: b.sex ?? null,
              birthday: b.birthday,
              email: b.email,
              phone: b.phone,
              telephone: b.telephone,
              workNo: b.workNo,
              userIdentity: 1,
              activitiSync: 1,
              status: USER_STATUS.normal,
              delFlag: 0,
              orgCode: null,
              relTenantIds: tenant === null ? null : String(tenant),
              createBy: user.username,
            })),
          );
        },
      };
    },
  });
}
