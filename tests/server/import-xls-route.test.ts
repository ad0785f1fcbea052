import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { sysPosition, sysUser } from '../../src/server/db/schema/index.ts';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { PAYLOAD, postParts } from './import-support.ts';
import { fixture } from './xls-support.ts';

let t: TestApp;
let admin: string;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-import-xls-'));
beforeAll(async () => {
  t = await createTestApp({ uploadDir });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const URL = '/sys/user/importExcel';
const usersNamed = (names: string[]) =>
  t.database.db.select().from(sysUser).where(inArray(sysUser.username, names));
const logOf = async (fileUrl: string) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}${fileUrl}`, headers: { 'x-access-token': admin } }))
    .body;

describe('POST importExcel with Excel 97-2003 (.xls) files', () => {
  it('imports users of a LibreOffice .xls: title rows, 性别 texts, date serials, numeric phones', async () => {
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'file', filename: '用户信息.xls', content: fixture('users-import.xls') },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '共3行数据全部导入成功！' });
    const rows = await usersNamed(['xls_u1', 'xls_u2', 'xls_u3', 'second_sheet']);
    const byName = Object.fromEntries(rows.map((u) => [u.username, u]));
    expect(Object.keys(byName).sort()).toEqual(['xls_u1', 'xls_u2', 'xls_u3']);
    expect(byName.xls_u1).toMatchObject({
      realname: '张三',
      sex: 1,
      birthday: '1990-01-02',
      phone: '13900000101',
      email: 'xls_u1@example.com',
      workNo: '1001',
      telephone: '010-12345678',
    });
    expect(byName.xls_u2).toMatchObject({ realname: '李四', sex: 2, birthday: '1985-12-31', workNo: 'W002' });
    expect(byName.xls_u3).toMatchObject({ realname: '欧阳·王五', birthday: '2001-02-03' });
    // no 密码 column: no usable password, the owner sets one (as for .xlsx, see import-users)
    expect(byName.xls_u3).toMatchObject({ password: '!', mustChangePassword: true });
  });

  it('imports nothing of a file with bad rows and logs them, as for .xlsx', async () => {
    const before = await t.database.db.$count(sysUser);
    const r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'bad.xls', content: fixture('users-bad.xls') },
    ]);
    expect(r.body).toMatchObject({
      success: true,
      code: 201,
      result: {
        totalCount: 4,
        errorCount: 3,
        successCount: 0,
        msg: '总上传行数：4，已导入行数：0，错误行数：3',
      },
    });
    expect(await t.database.db.$count(sysUser)).toBe(before);
    expect((await logOf(r.body.result.fileUrl)).trim().split('\n')).toEqual([
      '文件 bad.xls：共4行，错误3行，整个文件未导入',
      '第3行：请输入正确手机号',
      `第4行：${RULE_MESSAGES.realnameRequired}`,
      '第5行：性别取值无效：未知',
    ]);
  });

  it('refuses a second import of the same users against the database', async () => {
    const r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'again.xls', content: fixture('users-import.xls') },
    ]);
    expect(r.body).toMatchObject({ code: 201, result: { totalCount: 3, errorCount: 3, successCount: 0 } });
    const log = await logOf(r.body.result.fileUrl);
    expect(log).toContain('第4行：用户账号已存在');
    expect(log).toContain('第7行：用户账号已存在');
  });

  it('refuses a password-protected .xls with a clear message', async () => {
    const r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'secret.xls', content: fixture('encrypted.xls') },
    ]);
    expect(r.body).toMatchObject({ success: false, message: '文件已加密，请取消密码后导入' });
  });

  it('imports positions from .xls, translating 职级 texts', async () => {
    const r = await postParts(t, '/sys/position/importExcel', admin, [
      { name: 'file', filename: '职务信息.xls', content: fixture('positions-import.xls') },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    const rows = await t.database.db
      .select()
      .from(sysPosition)
      .where(inArray(sysPosition.code, ['xls_p1', 'xls_p2']));
    expect(Object.fromEntries(rows.map((p) => [p.code, [p.name, p.postRank]]))).toEqual({
      xls_p1: ['高级护理师', '3'],
      xls_p2: ['足疗按摩师', '5'],
    });
  });
});
