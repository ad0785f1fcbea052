import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { parseSignTimestamp, signText } from '../../src/shared/dict-sign.ts';
import { utcOffsetMinutes } from '../../src/server/lib/http/dict-sign.ts';

/** X-Sign / X-TIMESTAMP of the signed dictionary calls (jeecg-api.md §1.5), with a secret set. */
const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ signatureSecret: SECRET });
  token = await t.login('admin');
});
afterAll(async () => t?.close());

const md5 = (s: string) => createHash('md5').update(s).digest('hex').toUpperCase();

/** yyyyMMddHHmmss of an instant in Asia/Shanghai (the test config's zone). */
const compact = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

const signed = (path: string, query: Record<string, string>, sign: string, stamp: string) =>
  t.call('GET', path, { token, query, headers: { 'X-Sign': sign, 'X-TIMESTAMP': stamp } });

describe('the signed text', () => {
  it('sorts the parameters, adds a comma path segment and leaves _t out', () => {
    expect(signText('sys_user,realname,id', { _t: '1', keyword: 'a', pageSize: 10 })).toBe(
      '{"keyword":"a","pageSize":"10","x-path-variable":"sys_user,realname,id"}',
    );
    expect(signText('sex', {})).toBe('{}');
  });

  it('reads millisecond and yyyyMMddHHmmss timestamps', () => {
    expect(parseSignTimestamp('1658300000000', 480)).toBe(1658300000000);
    expect(parseSignTimestamp('20220720150000', 480)).toBe(Date.UTC(2022, 6, 20, 7, 0, 0));
    expect(parseSignTimestamp('yesterday', 480)).toBeNaN();
    expect(utcOffsetMinutes('Asia/Shanghai')).toBe(480);
    expect(utcOffsetMinutes('UTC')).toBe(0);
  });
});

describe('signed dictionary calls', () => {
  it('answers a call signed with the secret (milliseconds or the old compact stamp)', async () => {
    const sign = md5('{"x-path-variable":"sys_user,realname,username"}' + SECRET);
    const r = await signed(
      '/sys/dict/getDictItems/sys_user,realname,username',
      { _t: '5' },
      sign,
      String(Date.now()),
    );
    expect(r.body.success).toBe(true);
    expect(r.body.result.length).toBeGreaterThan(0);
    const old = await signed(
      '/sys/dict/getDictItems/sys_user,realname,username',
      {},
      sign,
      compact(Date.now()),
    );
    expect(old.body.success).toBe(true);
    const query = { keyword: '男' };
    const load = await signed(
      '/sys/dict/loadDict/sex',
      query,
      md5('{"keyword":"男"}' + SECRET),
      String(Date.now()),
    );
    expect(load.body).toMatchObject({ success: true, result: [{ value: '1' }] });
  });

  it('refuses a missing or wrong signature', async () => {
    const plain = await t.call('GET', '/sys/dict/getDictItems/sex', { token });
    expect(plain.body).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    const wrongSecret = md5('{}' + 'guess');
    expect(
      (await signed('/sys/dict/getDictItems/sex', {}, wrongSecret, String(Date.now()))).body,
    ).toMatchObject({
      success: false,
      message: 'Sign签名校验失败！',
    });
    // a signature of other parameters
    const sign = md5('{"keyword":"男"}' + SECRET);
    const tampered = await signed('/sys/dict/loadDict/sex', { keyword: '女' }, sign, String(Date.now()));
    expect(tampered.body).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    const tree = await signed('/sys/dict/loadTreeData', { tableName: 'sys_depart' }, 'X', String(Date.now()));
    expect(tree.body).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
  });

  it('refuses a stale or future timestamp', async () => {
    const sign = md5('{}' + SECRET);
    for (const stamp of [
      String(Date.now() - 6 * 60_000),
      String(Date.now() + 6 * 60_000),
      compact(Date.now() - 3600_000),
      'now',
    ]) {
      const r = await signed('/sys/dict/getDictItems/sex', {}, sign, stamp);
      expect(r.body, stamp).toMatchObject({
        success: false,
        message: '操作失败，签名验证失败:X-TIMESTAMP已过期',
      });
    }
  });

  it('leaves unsigned calls alone', async () => {
    expect((await t.call('GET', '/sys/dict/getDictText/sex/1', { token })).body.result).toBe('男');
  });
});
