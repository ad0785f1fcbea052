import { writeAppSettings } from './db/app-settings.ts';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { CODE, MSG } from '../shared/api.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { fail } from './lib/http/result.ts';
import { addressKey } from './lib/http/client-address.ts';
import { NoticeHub } from './lib/realtime/notice-hub.ts';
import { AuthCache } from './lib/access/auth-cache.ts';
import { CacheEpochs } from './lib/access/cache-epochs.ts';
import { cacheDictItems } from './repos/dicts.ts';
import { PgBus } from './lib/realtime/pg-bus.ts';
import { LocalDiskStorage, type FileStorage } from './lib/files/file-storage.ts';
import { VxeHub } from './lib/realtime/vxe-hub.ts';
import { devLogSmsProvider, type SmsProvider } from './lib/access/sms.ts';
import { devLogMailProvider, type MailProvider } from './lib/access/mail.ts';
import { devLogPaymentProvider, type PaymentProvider } from './lib/payments/payment-provider.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { auditPlugin, isWrite } from './plugins/audit.ts';
import { inLane } from './db/priority-pool.ts';
import onlineRoutes from './routes/sys/online/sessions.ts';
import recycleBinRoutes from './routes/sys/user/recycle-bin.ts';
import commandLogRoutes from './routes/sys/command-log.ts';
import departTreeReadRoutes from './routes/sys/depart/tree.ts';
import departCrudRoutes from './routes/sys/depart/crud.ts';
import departExcelRoutes from './routes/sys/depart/excel.ts';
import departUserRoutes from './routes/sys/depart/users.ts';
import departPermissionRoutes from './routes/sys/depart/permission.ts';
import departRoleRoutes from './routes/sys/depart/roles.ts';
import loginRoutes from './routes/sys/login.ts';
import ssoRoutes from './routes/sys/sso.ts';
import thirdBindingRoutes from './routes/sys/third-binding.ts';
import { ssoClients, type SsoClients } from './lib/sso/clients.ts';
import smsRoutes from './routes/sys/sms.ts';
import permissionRoutes from './routes/sys/permission.ts';
import permissionAdminRoutes from './routes/sys/permission-admin.ts';
import permissionRuleRoutes from './routes/sys/permission-rules.ts';
import ruleGrantRoutes from './routes/sys/rule-grants.ts';
import registerRoutes from './routes/sys/user/register.ts';
import selfRoutes from './routes/sys/user/self.ts';
import accountRoutes from './routes/sys/user/account.ts';
import userReadRoutes from './routes/sys/user/read.ts';
import userCrudRoutes from './routes/sys/user/crud.ts';
import userExportRoutes from './routes/sys/user/export.ts';
import userImportRoutes from './routes/sys/user/import.ts';
import dictItemRoutes from './routes/sys/dict-admin/items.ts';
import dictRoutes from './routes/sys/dict.ts';
import dictLoadRoutes from './routes/sys/dict-load.ts';
import dictReadRoutes from './routes/sys/dict-read.ts';
import { TableAllowList } from './lib/query/table-allowlist.ts';
import { DataRuleCache } from './lib/access/data-rules.ts';
import orgLookupRoutes from './routes/sys/org-lookups.ts';
import departTreeRoutes from './routes/sys/depart-tree.ts';
import uploadRoutes from './routes/sys/common/upload.ts';
import cgreportRoutes from './routes/online/cgreport.ts';
import homeStatsRoutes from './routes/sys/home-stats.ts';
import mockApiRoutes from './routes/mock-api.ts';
import workplaceRoutes from './stats/workplace.ts';
import notifySocket from './plugins/notify-socket.ts';
import { registerResource, type ServerResource } from './resources/register.ts';
import { SERVER_RESOURCES } from './resources/index.ts';
import vxeSocket from './plugins/vxe-socket.ts';
import { JobRegistry } from './jobs/registry.ts';
import { registerBuiltinJobs } from './jobs/builtin.ts';
import { registerDispatchJobs } from './jobs/auto-dispatch.ts';
import { registerOrderJobs } from './jobs/orders.ts';
import { registerLedgerJobs } from './jobs/ledger.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { registerScriptJobs } from './jobs/saved-scripts.ts';
import type { ScriptRunner } from '../shared/resources/saved-script.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { requestTracePlugin } from './plugins/request-trace.ts';
import monitorRoutes from './routes/sys/monitor/routes.ts';
import actuatorRoutes from './routes/sys/monitor/actuator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: AppConfig;
    sms: SmsProvider;
    /** mails (verification codes of a new e-mail address): a development provider by default */
    mail: MailProvider;
    /** refunds (and later charges) of orders: one interface, a development provider by default */
    payments: PaymentProvider;
    /** notification sockets of this instance */
    notices: NoticeHub;
    /** publish/subscribe across every instance (PostgreSQL LISTEN/NOTIFY) */
    bus: PgBus;
    /** realtime-grid sockets; `publish` reaches every instance */
    realtime: VxeHub;
    /** when the caches below (and the dictionary items') must be dropped: changes on any instance */
    cacheEpochs: CacheEpochs;
    /** sessions and permission codes by token */
    authCache: AuthCache;
    /** job handlers by class name (built-in ones registered; features add theirs) */
    jobs: JobRegistry;
    /** runs the scheduled jobs (started when ready unless `config.scheduler` is off) */
    scheduler: Scheduler;
    /** where uploaded files are kept (local disk under UPLOAD_DIR unless given another) */
    storage: FileStorage;
    /** runs saved scripts (the process entry gives it: src/main/server.ts); absent: they fail */
    scriptRunner: ScriptRunner | undefined;
    /** single sign-on providers (OIDC, CAS) as configured */
    sso: SsoClients;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  sms?: SmsProvider;
  mail?: MailProvider;
  payments?: PaymentProvider;
  logger?: boolean | object;
  /** where uploaded files are kept (default: LocalDiskStorage of config.uploadDir) */
  storage?: FileStorage;
  /** the resources served (default: every declared one, SERVER_RESOURCES) */
  resources?: readonly ServerResource[];
  /**
   * runs saved scripts as their owners (commands/headless/script-runner.ts, given by the process
   * entry: the command layer is not the server's); absent: a saved script's run fails saying so
   */
  scriptRunner?: ScriptRunner;
  /** the identity providers (default: clients of `config.sso`) */
  sso?: SsoClients;
}

/**
 * A plugin with the name fastify reports it by (`Symbol.for('fastify.display-name')`, as
 * fastify-plugin sets): without one, fastify looks for it among the exports of every module in
 * `require.cache`, then prints an unnamed function's source, at each registration — about a tenth
 * of building the app, paid by every test suite that builds one.
 */
function named<T extends object>(plugin: T, name = (plugin as { name?: string }).name || 'plugin'): T {
  const key = Symbol.for('fastify.display-name');
  if (!(key in plugin)) Object.defineProperty(plugin, key, { value: name });
  return plugin;
}

/** The JeecgBoot-compatible API: every route below is served under `config.basePath`. */
async function api(app: FastifyInstance, opts: { resources: readonly ServerResource[] }) {
  app.decorate('tables', new TableAllowList(opts.resources));
  await app.register(named(authPlugin));
  await app.register(named(auditPlugin));
  await app.register(named(notifySocket));
  await app.register(named(vxeSocket));
  await app.register(named(loginRoutes));
  await app.register(named(ssoRoutes));
  await app.register(named(thirdBindingRoutes));
  await app.register(named(smsRoutes));
  await app.register(named(registerRoutes));
  await app.register(named(permissionRoutes));
  await app.register(named(permissionAdminRoutes));
  await app.register(named(permissionRuleRoutes), { resources: opts.resources });
  await app.register(named(ruleGrantRoutes));
  await app.register(named(selfRoutes));
  await app.register(named(accountRoutes));
  await app.register(named(userReadRoutes));
  await app.register(named(userCrudRoutes));
  await app.register(named(userExportRoutes));
  await app.register(named(userImportRoutes));
  // each in its own scope, as the hand-written route modules were (multipart is registered per scope)
  for (const resource of opts.resources)
    await app.register(
      named(async (scope: FastifyInstance) => registerResource(scope, resource), resource.resource.decl.name),
    );
  await app.register(named(dictItemRoutes));
  await app.register(named(dictRoutes));
  await app.register(named(dictLoadRoutes));
  await app.register(named(dictReadRoutes));
  await app.register(named(orgLookupRoutes));
  await app.register(named(departTreeRoutes));
  await app.register(named(uploadRoutes));
  await app.register(named(cgreportRoutes));
  await app.register(named(onlineRoutes));
  await app.register(named(recycleBinRoutes));
  await app.register(named(commandLogRoutes));
  await app.register(named(departTreeReadRoutes));
  await app.register(named(departCrudRoutes));
  await app.register(named(departExcelRoutes));
  await app.register(named(departUserRoutes));
  await app.register(named(departPermissionRoutes));
  await app.register(named(departRoleRoutes));
  await app.register(named(homeStatsRoutes));
  await app.register(named(mockApiRoutes));
  await app.register(named(workplaceRoutes));
  await app.register(named(monitorRoutes));
  await app.register(named(actuatorRoutes));
}

/** Build the whole application (API + SPA). `server.ts` only listens. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // the client address is the socket's unless TRUST_PROXY names the proxies in front
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('db', database.db);
  // filled by the auth plugin as routes are added: `<METHOD> <pattern>` → permission
  app.decorate('routePermissions', new Map());
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('storage', opts.storage ?? new LocalDiskStorage(config.uploadDir));
  app.decorate('sms', opts.sms ?? devLogSmsProvider(app.log));
  app.decorate('mail', opts.mail ?? devLogMailProvider(app.log));
  app.decorate('payments', opts.payments ?? devLogPaymentProvider(app.log));
  app.decorate('bus', new PgBus(database.notifications, app.log));
  app.decorate('notices', new NoticeHub(app.bus, app.log));
  app.decorate('realtime', new VxeHub(app.bus, app.log));
  app.decorate('cacheEpochs', new CacheEpochs(database));
  app.decorate('authCache', new AuthCache(database.db, app.cacheEpochs));
  app.decorate('dataRules', new DataRuleCache(database.db, app.cacheEpochs));
  cacheDictItems(database.db, app.cacheEpochs);
  app.decorate('jobs', registerDispatchJobs(registerBuiltinJobs(new JobRegistry()), config.timezone));
  registerOrderJobs(app.jobs, app);
  registerLedgerJobs(app.jobs, app);
  app.decorate('scriptRunner', opts.scriptRunner);
  app.decorate('sso', opts.sso ?? ssoClients(opts.config.sso));
  registerScriptJobs(app.jobs, app);
  app.decorate(
    'scheduler',
    new Scheduler({
      db: database.db,
      bus: app.bus,
      notices: app.notices,
      log: app.log,
      registry: app.jobs,
      timezone: config.timezone,
    }),
  );
  app.addHook('onReady', async () => {
    // the views read local months in APP_TIMEZONE (yy_app_timezone())
    await writeAppSettings(database.db, config);
    await app.cacheEpochs.start();
    await app.notices.start();
    await app.realtime.start();
    if (config.scheduler) await app.scheduler.start();
  });
  app.addHook('onClose', async () => {
    // running jobs finish (their signal aborted) before the bus and the database go
    await app.scheduler.stop();
    await app.realtime.close();
    await app.cacheEpochs.close();
    await app.bus.close();
  });

  // JeecgBoot clients send `application/json` on bodiless DELETEs too: an empty body is {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }));
    }
  });

  // A refused handshake (401, 404, …) is answered over the raw socket, which sits outside the HTTP
  // server's connection bookkeeping: close it, or every refused upgrade leaks a descriptor.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket?.destroySoon();
  });

  await app.register(helmet, {
    crossOriginEmbedderPolicy: false,
    // plain-http LAN deployments must keep working: do not force https sub-resources
    // blob: images are stored files the client fetched with the token (upload/image cells)
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:', 'blob:'] },
    },
  });
  // API answers (errors and unknown paths included) are per user and often personal: never kept
  // by a browser or a shared cache
  const apiPrefix = `${config.basePath}/`;
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith(apiPrefix)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  await app.register(named(errorsPlugin));
  // limits are per route (config.rateLimit, from AppConfig.rateLimits), keyed by the client address
  await app.register(rateLimit, {
    global: false,
    // an IPv6 client by its /64 (a custom key generator turns the library's own grouping off)
    keyGenerator: (req) => addressKey(req.ip),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(MSG.tooManyRequests), { statusCode: ctx.statusCode }),
  });
  // JSON and other text answers; the SPA's assets are precompressed at build time
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // a write's statements go ahead of reads' when every database connection is busy
  // (src/server/db/priority-pool.ts): the rest of the request, handler and replies included, runs
  // in the context this hook starts (tests/server/request-lanes.test.ts)
  app.addHook('onRequest', (request, _reply, done) =>
    inLane(isWrite(request.method, request.routeOptions.config?.perm) ? 'write' : 'read', done),
  );
  // the figures are always collected (系统监控 reads them); `/metrics` is served with a token
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(requestTracePlugin, { basePath: config.basePath });
  await app.register(named(api), { prefix: config.basePath, resources: opts.resources ?? SERVER_RESOURCES });

  const indexHtml = path.join(config.webDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const assetsDir = path.join(config.webDir, 'assets') + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Vite's hashed file names change with their content: cache them for good; everything
      // else (index.html above all) is revalidated, so a deploy is seen at the next load
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header(
          'Cache-Control',
          file.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.get('/', async (_req, reply) =>
    hasWeb
      ? reply.type('text/html').sendFile('index.html')
      : reply.send('API running; the web client is not built (npm run build).'),
  );
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url === config.basePath || url.startsWith(`${config.basePath}/`))
      return reply.code(404).send(fail(MSG.pathNotFound, CODE.NOT_FOUND));
    // client-side routes of the SPA: any other GET that wants HTML gets index.html
    if (hasWeb && req.method === 'GET' && !path.extname(url))
      return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send(fail(MSG.pathNotFound, CODE.NOT_FOUND));
  });
  return app;
}
