import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.ts';
import { postParts } from '../server/import-support.ts';
import { serverHarness } from './server-harness.ts';

/** 文件管理 and 消息模板 commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-cmd-oss-'));
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

beforeAll(async () => {
  h = await serverHarness('admin', { app: await createTestApp({ uploadDir }) });
});
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => {
  await h?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('file commands', () => {
  it('ossFile list, download (its path without a screen) and delete', async () => {
    const up = await postParts(h.t, '/sys/oss/file/upload', h.token, [
      { name: 'file', filename: '报表.png', content: PNG },
    ]);
    const url = up.body.result.url as string;
    const list = await h.terminal('ossFile list --json');
    expect(list.results[0]?.status).toBe('ok');
    expect(list.out).toContain('报表.png');
    const id = up.body.result.id as string;
    const dl = await h.terminal(`ossFile download ${id}`);
    expect(dl.out).toContain(`报表.png：/sys/common/static/${url}`);
    // upload needs the page's file chooser
    const upload = await h.terminal('ossFile upload');
    expect(upload.results[0]?.status).toBe('error');
    expect(upload.out).toContain('该命令需要在页面中运行');
    const del = await h.terminal(`ossFile delete ${id} --yes`);
    expect(del.results[0]?.status).toBe('ok');
    expect(fs.existsSync(path.join(uploadDir, url))).toBe(false);
    expect((await h.terminal('ossFile list --json')).out).not.toContain('报表.png');
  });
});

describe('ossFile upload --path', () => {
  it('copies a stored file the caller may read into 文件管理; a path it may not read does not exist', async () => {
    const own = await postParts(h.t, '/sys/common/upload', h.token, [
      { name: 'biz', value: 'temp' },
      { name: 'file', filename: '草稿.png', content: PNG },
    ]);
    const from = own.body.message as string;
    const r = await h.terminal(`ossFile upload --path ${from}`);
    expect(r.results[0]?.status, r.out).toBe('ok');
    expect(r.out).toContain('已上传 1 个文件：草稿.png');
    const copy = r.results[0]?.result?.records?.[0] as { id: string; path: string };
    expect(copy.path).toMatch(/^oss\//);
    expect(fs.readFileSync(path.join(uploadDir, copy.path))).toEqual(PNG);
    expect((await h.terminal('ossFile list --json')).out).toContain('草稿.png');
    // the source stays where it was
    expect(fs.existsSync(path.join(uploadDir, from))).toBe(true);
    // someone else's temp upload is readable by its uploader only
    const staffToken = await h.t.login('yuangong');
    const theirs = await postParts(h.t, '/sys/common/upload', staffToken, [
      { name: 'biz', value: 'temp' },
      { name: 'file', filename: '私人.png', content: PNG },
    ]);
    const other = theirs.body.message as string;
    const refused = await h.terminal(`ossFile upload --path ${other}`);
    expect(refused.results[0]?.error).toBe(`文件不存在：${other}`);
    const missing = await h.terminal('ossFile upload --path temp/none.png');
    expect(missing.results[0]?.error).toBe('文件不存在：temp/none.png');
    expect((await h.terminal('ossFile list --json')).out).not.toContain('私人.png');
  });
});

describe('template commands', () => {
  it('messageTemplate add, then test with stored and given data', async () => {
    const add = await h.terminal(
      `messageTemplate add welcome 欢迎 '\${name}，欢迎加入\${team}' --templateType 1 --templateTestJson '{"name":"张三","team":"运营部"}'`,
    );
    expect(add.results[0]?.status).toBe('ok');
    const stored = await h.terminal('messageTemplate test welcome');
    expect(stored.out).toContain('变量：name、team');
    expect(stored.out).toContain('结果：张三，欢迎加入运营部');
    const given = await h.terminal(`messageTemplate test welcome '{"name":"<李四>"}'`);
    expect(given.out).toContain('未给值：team');
    expect(given.out).toContain('结果：<李四>，欢迎加入${team}');
    const missing = await h.terminal('messageTemplate test nope');
    expect(missing.results[0]?.status).toBe('error');
    expect(missing.out).toContain('模板编码不存在');
  });

  it('is refused to a staff account', async () => {
    const staff = await serverHarness('yuangong', { app: h.t });
    const r = await staff.terminal('messageTemplate test welcome');
    expect(r.results[0]?.status).toBe('error');
    const files = await staff.terminal('ossFile list');
    expect(files.results[0]?.status).toBe('error');
  });
});
