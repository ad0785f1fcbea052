import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { sysUser } from '../../src/server/db/schema/index.ts';
import { RULE_MESSAGES } from '../../src/shared/validation.ts';
import { USER_EXPORT_COLUMNS } from '../../src/server/routes/sys/user/export.ts';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { exportLayout, PAYLOAD, plainWorkbook, postParts } from './import-support.ts';
import { fixture } from './xls-support.ts';

let t: TestApp;
let admin: string;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-import-'));
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

/** GET a stored file through /sys/common/static as `token`. */
async function staticFile(fileUrl: string, token = admin) {
  return t.app.inject({ method: 'GET', url: `${BASE}${fileUrl}`, headers: { 'x-access-token': token } });
}

describe('POST /sys/user/importExcel', () => {
  it('imports a file laid out like our own export, translating 性别 and defaulting the password', async () => {
    const file = await exportLayout(USER_EXPORT_COLUMNS, [
      {
        username: 'imp_a1',
        realname: '导入甲',
        sex_dictText: '男',
        birthday: '1990-01-02',
        phone: '13900000001',
        status_dictText: '正常',
      },
      { username: 'imp_a2', realname: '导入乙', sex_dictText: '女', email: 'imp_a2@example.com' },
      { username: 'imp_a3', realname: '导入丙' },
    ]);
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'file', filename: '用户信息.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '共3行数据全部导入成功！' });
    const rows = await usersNamed(['imp_a1', 'imp_a2', 'imp_a3']);
    expect(rows).toHaveLength(3);
    const a1 = rows.find((u) => u.username === 'imp_a1')!;
    expect(a1).toMatchObject({
      realname: '导入甲',
      sex: 1,
      birthday: '1990-01-02',
      phone: '13900000001',
      status: 1,
    });
    expect(rows.find((u) => u.username === 'imp_a2')!.sex).toBe(2);
    // a blank 密码 gives no usable password at all (JeecgBoot gave the published 123456)
    for (const u of rows) {
      expect(u.password, u.username).toBe('!');
      expect(u.mustChangePassword, u.username).toBe(true);
    }
    const refused = await t.call('POST', '/sys/login', { body: { username: 'imp_a3', password: '123456' } });
    expect(refused.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('makes an imported account replace the password the sheet gave it before anything else', async () => {
    const file = await plainWorkbook([
      ['用户账号', '用户姓名', '密码'],
      ['imp_pw1', '改密', 'Sheet-Pass-1'],
    ]);
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'pw.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: true });
    const login = await t.call('POST', '/sys/login', {
      body: { username: 'imp_pw1', password: 'Sheet-Pass-1' },
    });
    expect(login.body.result.mustChangePassword).toBe(true);
    const token = login.body.result.token as string;
    const blocked = await t.call('GET', '/sys/user/getCurrentUserDeparts', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      success: false,
      code: 403,
      message: '您的密码由管理员设置，请先修改密码',
    });
    const same = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { oldpassword: 'Sheet-Pass-1', password: 'Sheet-Pass-1', confirmpassword: 'Sheet-Pass-1' },
    });
    expect(same.body).toMatchObject({ success: false, message: '新密码不能与旧密码相同' });
    const changed = await t.call('PUT', '/sys/user/updatePassword', {
      token,
      body: { oldpassword: 'Sheet-Pass-1', password: 'Own-Pass-2', confirmpassword: 'Own-Pass-2' },
    });
    expect(changed.body).toMatchObject({ success: true });
    const own = await t.login('imp_pw1', 'Own-Pass-2');
    expect((await t.call('GET', '/sys/user/getCurrentUserDeparts', { token: own })).body.success).toBe(true);
  });

  it('accepts a header-only layout, several files under files[], and an .xls name with OOXML content', async () => {
    const one = await plainWorkbook([
      ['用户账号', '用户姓名', '密码'],
      ['imp_b1', '乙一', 'secret99'],
    ]);
    const two = await plainWorkbook([['标题'], [], ['账号', '姓名'], ['imp_b2', '乙二']]);
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'files[]', filename: 'one.xlsx', content: one },
      { name: 'files[]', filename: 'two.xls', content: two },
    ]);
    expect(r.body).toMatchObject({ success: true, message: '共2行数据全部导入成功！' });
    expect(await usersNamed(['imp_b1', 'imp_b2'])).toHaveLength(2);
    await expect(t.login('imp_b1', 'secret99')).resolves.toBeTruthy();
  });

  it('imports nothing of a file with a bad row and answers 201 with a downloadable error log', async () => {
    const file = await exportLayout(USER_EXPORT_COLUMNS, [
      { username: 'imp_c1', realname: '丙一', phone: '13900000011' },
      { username: 'imp_c2', realname: '丙二', phone: '12345' },
      { username: 'imp_c3', realname: '' },
      { username: 'imp_c4', realname: '丙四', sex_dictText: '未知' },
      { username: 'admin', realname: '重名' },
      { username: 'imp_c6', realname: '丙六', birthday: '2020-13-40' },
    ]);
    const r = await postParts(t, URL, admin, [
      ...PAYLOAD,
      { name: 'file', filename: 'bad.xlsx', content: file },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(r.body.result).toMatchObject({
      totalCount: 6,
      errorCount: 5,
      successCount: 0,
      msg: '总上传行数：6，已导入行数：0，错误行数：5',
    });
    expect(r.body.result.fileName).toMatch(/^userImportExcelErrorLog\d{17}\.txt$/);
    expect(await usersNamed(['imp_c1', 'imp_c2', 'imp_c4', 'imp_c6'])).toHaveLength(0);

    const log = await staticFile(r.body.result.fileUrl);
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toContain('text/plain');
    // data rows start at sheet row 4 (title, 导出人, header)
    expect(log.body.trim().split('\n')).toEqual([
      '文件 bad.xlsx：共6行，错误5行，整个文件未导入',
      '第5行：请输入正确手机号',
      `第6行：${RULE_MESSAGES.realnameRequired}`,
      '第7行：性别取值无效：未知',
      '第8行：用户账号已存在',
      '第9行：生日格式应为YYYY-MM-DD',
    ]);
    // the error file names other people's data: only the person who imported reads it
    const other = await staticFile(r.body.result.fileUrl, await t.login('yunying'));
    expect(other.statusCode).toBe(404);
  });

  it('reports duplicates inside the file against the first row that has the value', async () => {
    const file = await plainWorkbook([
      ['用户账号', '用户姓名', '手机号码'],
      ['imp_d1', '丁一', '13900000021'],
      ['imp_d2', '丁二', '13900000021'],
      ['imp_d1', '丁三', ''],
    ]);
    const r = await postParts(t, URL, admin, [{ name: 'file', filename: 'dup.xlsx', content: file }]);
    expect(r.body.code).toBe(201);
    const log = await staticFile(r.body.result.fileUrl);
    expect(log.body).toContain('第3行：手机号码与第2行重复');
    expect(log.body).toContain('第4行：用户账号与第2行重复');
    expect(await usersNamed(['imp_d1', 'imp_d2'])).toHaveLength(0);
  });

  it('imports the good file and not the bad one when several are sent', async () => {
    const good = await plainWorkbook([
      ['用户账号', '用户姓名'],
      ['imp_e1', '戊一'],
    ]);
    const bad = await plainWorkbook([
      ['用户账号', '用户姓名'],
      ['imp_e2', ''],
    ]);
    const r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'good.xlsx', content: good },
      { name: 'file', filename: 'bad.xlsx', content: bad },
    ]);
    expect(r.body).toMatchObject({ code: 201, result: { totalCount: 2, successCount: 1, errorCount: 1 } });
    expect((await usersNamed(['imp_e1', 'imp_e2'])).map((u) => u.username)).toEqual(['imp_e1']);
    const log = (await staticFile(r.body.result.fileUrl)).body;
    expect(log).toContain('文件 good.xlsx：共1行，已全部导入');
    expect(log).toContain(`第2行：${RULE_MESSAGES.realnameRequired}`);
  });

  it('imports Excel 97-2003 content by its bytes, whatever the name, and refuses other content', async () => {
    let r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'old.xlsx', content: fixture('users-import.xls') },
    ]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '共3行数据全部导入成功！' });
    const rows = await usersNamed(['xls_u1', 'xls_u2', 'xls_u3']);
    expect(rows.map((u) => [u.username, u.realname, u.birthday]).sort()).toEqual([
      ['xls_u1', '张三', '1990-01-02'],
      ['xls_u2', '李四', '1985-12-31'],
      ['xls_u3', '欧阳·王五', '2001-02-03'],
    ]);
    const biff = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    r = await postParts(t, URL, admin, [{ name: 'file', filename: 'old.xls', content: biff }]);
    expect(r.body).toMatchObject({ success: false, message: '文件内容无法读取，请确认是有效的 Excel 文件' });
    r = await postParts(t, URL, admin, [
      { name: 'file', filename: 'x.xlsx', content: Buffer.from('a,b\n1,2\n') },
    ]);
    expect(r.body).toMatchObject({ success: false, message: '文件格式不正确，请上传 .xls 或 .xlsx 文件' });
  });

  it('refuses files without a header, without data or missing a required column', async () => {
    const cases: Array<[unknown[][], string]> = [
      [[['随便'], ['imp_f1']], '未找到表头行，请使用导出的文件或导入模板'],
      [[['用户账号', '用户姓名']], '文件中没有数据'],
      [
        [
          ['用户账号', '性别'],
          ['imp_f2', '男'],
        ],
        '缺少必填列：用户姓名',
      ],
    ];
    for (const [rows, message] of cases) {
      const r = await postParts(t, URL, admin, [
        { name: 'file', filename: 'f.xlsx', content: await plainWorkbook(rows) },
      ]);
      expect(r.body).toMatchObject({ success: false, message });
    }
    const none = await postParts(t, URL, admin, [...PAYLOAD]);
    expect(none.body).toMatchObject({ success: false, message: '未上传任何文件' });
    const badStatus = await postParts(t, URL, admin, [{ name: 'validateStatus', value: '7' }]);
    expect(badStatus.body.success).toBe(false);
  });

  it("imports a file the caller uploaded before by its path, and refuses anybody else's", async () => {
    const file = await plainWorkbook([
      ['用户账号', '用户姓名'],
      ['imp_g1', '庚一'],
    ]);
    const up = await postParts(t, '/sys/common/upload', admin, [
      { name: 'file', filename: 'g.xlsx', content: file },
    ]);
    expect(up.body.success).toBe(true);
    const caiwuToken = await t.login('caiwu');
    const mine = await postParts(t, '/sys/common/upload', caiwuToken, [
      { name: 'file', filename: 'h.xlsx', content: file },
    ]);

    const other = await t.call('POST', URL, { token: admin, body: { filePath: mine.body.message } });
    expect(other.body).toMatchObject({ success: false, message: '文件不存在' });
    expect(await usersNamed(['imp_g1'])).toHaveLength(0);

    const r = await t.call('POST', URL, { token: admin, body: { filePath: up.body.message } });
    expect(r.body).toMatchObject({
      success: true,
      code: 200,
      message: '共1行数据全部导入成功！',
      result: '共1行数据全部导入成功！',
    });
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'imp_g1'));
    expect(row?.createBy).toBe('admin');
  });

  it('answers 510 without user:import', async () => {
    const token = await t.login('yuangong');
    const file = await plainWorkbook([
      ['用户账号', '用户姓名'],
      ['imp_h1', '辛一'],
    ]);
    const r = await postParts(t, URL, token, [{ name: 'file', filename: 'h.xlsx', content: file }]);
    expect(r.body).toMatchObject({ success: false, code: 510 });
    const j = await t.call('POST', URL, { token, body: { filePath: 'x' } });
    expect(j.body.code).toBe(510);
    expect(await usersNamed(['imp_h1'])).toHaveLength(0);
  });
});
