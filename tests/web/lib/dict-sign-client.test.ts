import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ApiClient from '../../../src/web/lib/api-client.ts';
import type * as Session from '../../../src/web/lib/session.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { isSignedPath, SIGN_MSG } from '../../../src/shared/dict-sign.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

/**
 * The client signs the dictionary calls (X-Sign / X-TIMESTAMP) with the secret the permissions
 * answer gives it, and the real server, checking signatures (SIGNATURE_SECRET), accepts them.
 */
const store = new Map<string, string>();
const storage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
let t: TestApp;
let client: typeof ApiClient;
let session: typeof Session;

beforeAll(async () => {
  t = await createTestApp({ signatureSecret: SECRET });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // browser globals the client reads, set once the (Node) database is open: PGlite takes a
  // `window` for a browser
  Object.assign(globalThis, {
    localStorage: storage,
    sessionStorage: storage,
    window: { location: { reload: () => undefined, origin: 'http://x' } },
  });
  (globalThis as Record<string, unknown>).__API_BASE__ = `${url}/jeecg-boot`;
  client = await import('../../../src/web/lib/api-client.ts');
  session = await import('../../../src/web/lib/session.ts');
  session.session.login({
    token: await t.login('admin'),
    userInfo: { id: '1', username: 'admin', realname: null, avatar: null, orgCode: null },
  });
});
afterAll(async () => t?.close());

describe('signed dictionary calls from the client', () => {
  it('learns the secret from the permissions answer', async () => {
    const p = await client.callTo<{ signatureSecret?: string }>(ENDPOINTS.auth.permissions);
    expect(p.signatureSecret).toBe(SECRET);
    client.setSignatureSecret(p.signatureSecret);
  });

  it('signs getDictItems, loadDict (table dictionary, keyword) and loadDictItem so the server accepts them', async () => {
    const sex = await client.callTo<Array<{ value: string }>>(
      ENDPOINTS.dict.getDictItems,
      {},
      { dict: 'sex' },
    );
    expect(sex.map((i) => i.value)).toContain('1');
    const users = await client.callTo<Array<{ value: string }>>(
      ENDPOINTS.dict.loadDict,
      { query: { keyword: 'adm', pageSize: 20 } },
      { dict: 'sys_user,realname,username' },
    );
    expect(users.map((u) => u.value)).toContain('admin');
    const names = await client.callTo<string[]>(
      ENDPOINTS.dict.loadDictItem,
      { query: { key: 'admin' } },
      { dict: 'sys_user,realname,username' },
    );
    expect(names).toHaveLength(1);
  });

  it('is refused without the secret or with a wrong one', async () => {
    client.setSignatureSecret(undefined);
    await expect(client.callTo(ENDPOINTS.dict.getDictItems, {}, { dict: 'sex' })).rejects.toThrow(
      SIGN_MSG.bad,
    );
    client.setSignatureSecret('wrong');
    await expect(client.callTo(ENDPOINTS.dict.getDictItems, {}, { dict: 'sex' })).rejects.toThrow(
      SIGN_MSG.bad,
    );
    client.setSignatureSecret(SECRET);
  });

  it('signs only the signed calls', () => {
    expect(isSignedPath('/sys/dict/getDictItems/sex')).toBe(true);
    expect(isSignedPath('sys/dict/loadTreeData')).toBe(true);
    expect(isSignedPath('/sys/dict/getDictText/sex/1')).toBe(false);
    expect(isSignedPath('/sys/dict/list')).toBe(false);
  });
});
