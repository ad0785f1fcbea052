import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { ENDPOINTS } from '../../../src/shared/endpoints.ts';
import { BANNER } from '../../../src/shared/resources/banner.ts';
import { GOODS } from '../../../src/shared/resources/goods.ts';

/**
 * The test harness's database (no upload directory named): the seed still gives it banners and
 * goods with real pictures, written where this app serves uploads from, so no seeded picture is
 * broken in any test (or on any install).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(async () => t?.close());

const served = (rel: string) =>
  t.app.inject({
    method: 'GET',
    url: `/jeecg-boot${ENDPOINTS.file.static.path.replace('*', rel)}`,
    headers: { 'x-access-token': token },
  });

describe('seeded pictures of a test database', () => {
  it('lists seeded banners whose pictures are served as PNG files', async () => {
    const r = await t.call('GET', BANNER.endpoints.list.path, { token, query: { pageSize: '50' } });
    const banners = r.body.result.records as Array<{ image: string }>;
    expect(banners.length).toBeGreaterThanOrEqual(6);
    for (const b of banners) {
      const file = await served(b.image);
      expect(file.statusCode, b.image).toBe(200);
      expect(file.headers['content-type']).toContain('image/png');
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('gives every seeded goods row two served pictures', async () => {
    const r = await t.call('GET', GOODS.endpoints.list.path, { token, query: { pageSize: '50' } });
    const goods = r.body.result.records as Array<{ images: string }>;
    expect(goods.length).toBeGreaterThanOrEqual(12);
    for (const g of goods) {
      const paths = g.images.split(',');
      expect(paths).toHaveLength(2);
      for (const rel of paths) expect((await served(rel)).statusCode, rel).toBe(200);
    }
  });
});
