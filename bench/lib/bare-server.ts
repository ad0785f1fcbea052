/**
 * The ceiling of the throughput benchmark: a bare Fastify route answering a fixed page of the
 * same shape as the user list, no database, no auth, no plugins. Prints `listening <port>`.
 */
import Fastify from 'fastify';

const page = {
  success: true,
  message: '',
  code: 200,
  result: {
    records: Array.from({ length: 4 }, (_, i) => ({
      id: `u${i}`,
      username: `user${i}`,
      realname: `用户${i}`,
      sex: 1,
      status: 1,
      orgCodeTxt: '总部',
      createTime: '2026-01-01 00:00:00',
    })),
    total: 4,
    size: 10,
    current: 1,
    pages: 1,
  },
  timestamp: 0,
};

const app = Fastify({ logger: false });
app.get('/jeecg-boot/sys/user/list', async () => ({ ...page, timestamp: Date.now() }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
