import { encodePng } from '../../src/server/lib/files/png.ts';
import type { TestApp } from '../support/app.ts';

/** Upload a small real PNG to an upload area as the form does; answers the stored path. */
export async function uploadPicture(t: TestApp, token: string, area: string): Promise<string> {
  const png = encodePng(8, 4, (x) => [x * 30, 120, 200]);
  const boundary = '----resource';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${area}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await t.app.inject({
    method: 'POST',
    url: '/jeecg-boot/sys/common/upload',
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  const json = r.json() as { success: boolean; message: string };
  if (!json.success) throw new Error(`upload to ${area} failed: ${r.body}`);
  return json.message;
}
