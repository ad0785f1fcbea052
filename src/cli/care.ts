/**
 * `care`: the console's commands without a browser. The same registry and executor as the web
 * client (commands/, through commands/headless), calling a server over HTTP as the signed-in user.
 *
 *   care login --server http://host:8080 [--username u] [--tenant id] [--password-stdin]
 *   care technician list --json          one command line
 *   care run nightly.care [name=value…]   a script file
 *   … | care                              a script on standard input
 *
 * Results go to standard output, messages, progress and errors to standard error; the exit code
 * is 0 when every statement succeeded, 1 when one failed, 2 on a usage error.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { quoteWord } from '../../commands/core/argv.ts';
import { serverAudit } from '../../commands/core/audit.ts';
import { CommandError } from '../../commands/core/errors.ts';
import type { Progress } from '../../commands/core/types.ts';
import { HEADLESS_MSG, headlessExecutor, runHeadlessScript } from '../../commands/headless/executor.ts';
import { sessionPermissions } from '../../commands/headless/session.ts';
import { invoke, pathOf } from '../shared/contracts.ts';
import type { Page } from '../shared/api.ts';
import { SAVED_SCRIPT } from '../shared/resources/saved-script.ts';
import {
  SCRIPT_COMMAND_PREFIX,
  scriptCommands,
  type SavedScriptRow,
} from '../../commands/saved-script/palette.ts';
import { ENDPOINTS } from '../shared/endpoints.ts';
import { CliApiError, createApi } from './api.ts';
import { credentialsFile, readCredentials, removeCredentials, type Credentials } from './credentials.ts';
import { login } from './login.ts';
import { askLine, askYesNo, interactive, readStdin } from './terminal-io.ts';

declare const __CARE_VERSION__: string | undefined;

const USAGE = `用法：
  care login --server <地址> [--username <账号>] [--tenant <租户id>] [--password-stdin]
  care logout | care whoami
  care <命令> [参数…] [--json|--csv] [--yes]     例如 care technician list --json
  care run <脚本文件> [名称=值…] [--yes]          运行脚本文件（- 表示标准输入）
  <脚本> | care                                   从标准输入读取脚本
  care help [命令]                                 命令列表或某个命令的帮助
环境变量：CARE_PASSWORD（登录密码）、CARE_SERVER 与 CARE_TOKEN（不读写登录文件时使用）`;

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

class UsageError extends Error {}

/** The stored session, or CARE_SERVER + CARE_TOKEN for automation. */
function session(): Credentials {
  const env = process.env;
  if (env.CARE_TOKEN && env.CARE_SERVER)
    return { api: env.CARE_SERVER, token: env.CARE_TOKEN, username: '', savedAt: '' };
  const stored = readCredentials();
  if (!stored) throw new CliApiError('尚未登录：请先运行 care login --server <地址>');
  return stored;
}

/** Progress on standard error: redrawn in place on a terminal, one line per step otherwise. */
function progressPrinter() {
  let last = '';
  return (p: Progress) => {
    const count = p.total !== undefined ? `${p.done}/${p.total}` : p.label ? '' : String(p.done);
    const text = [p.label, count].filter(Boolean).join(' ');
    if (text === last) return;
    last = text;
    if (process.stderr.isTTY)
      process.stderr.write(`\r\u001b[2K${text}${p.total !== undefined && p.done >= p.total ? '\n' : ''}`);
    else err(text);
  };
}

/** Run a script as the stored session's user; resolves with the exit code. */
async function runAsUser(
  script: string,
  opts: { yes: boolean; vars?: Map<string, string>; quietOutput?: boolean },
): Promise<number> {
  const c = session();
  const http = createApi({
    api: c.api,
    token: c.token,
    ...(c.tenantId !== undefined ? { tenantId: c.tenantId } : {}),
  });
  const permissions = await sessionPermissions(http.api);
  http.setSignatureSecret(permissions.signatureSecret);
  // a person at a terminal answers questions; a pipe or a scheduler cannot
  const ask = interactive();
  const audits: Array<Promise<void>> = [];
  const toServerLog = serverAudit((p, body) => http.call('POST', p, undefined, body));
  const executor = headlessExecutor({
    api: http.api,
    permissions: permissions.codes,
    keys: { username: c.username },
    async confirm(message) {
      if (opts.yes) return true;
      if (!ask) throw new CommandError(HEADLESS_MSG.confirmNeeded(message));
      return askYesNo(message);
    },
    prompt: async (message, o) =>
      ask ? askLine(`${message}${o?.defaultValue ? `（${o.defaultValue}）` : ''}: `) : '',
    // with --json/--csv standard output is the result alone
    output: opts.quietOutput ? err : out,
    progress: progressPrinter(),
    audit: (entry) => void audits.push(toServerLog(entry)),
  });
  // `script <名称>`: the user's saved scripts, as in the palette
  if (/(^|[\s;|&])script\s/m.test(script) && permissions.codes.has(SAVED_SCRIPT.perms.run)) {
    const page = await invoke<Page<SavedScriptRow>>(http.api, SAVED_SCRIPT.endpoints.list, { pageSize: 500 });
    executor.registry.replaceGenerated(SCRIPT_COMMAND_PREFIX, scriptCommands(page.records));
  }
  const run = await runHeadlessScript(script, executor, {
    out,
    err,
    yes: opts.yes,
    source: ask ? 'terminal' : 'script',
    ...(opts.vars ? { vars: opts.vars } : {}),
  });
  await Promise.all(audits);
  return run.ok ? EXIT.ok : EXIT.failed;
}

/** `name=value` words: variables of a script (`$name`). */
function variables(words: string[]): Map<string, string> {
  const vars = new Map<string, string>();
  for (const w of words) {
    const eq = w.indexOf('=');
    if (eq < 1 || !/^[A-Za-z_]\w*$/.test(w.slice(0, eq))) throw new UsageError(`参数应为 名称=值：${w}`);
    vars.set(w.slice(0, eq), w.slice(eq + 1));
  }
  return vars;
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-V') {
    out(typeof __CARE_VERSION__ === 'string' ? __CARE_VERSION__ : 'dev');
    return EXIT.ok;
  }
  if (first === '--help' || first === '-h') {
    out(USAGE);
    return EXIT.ok;
  }
  if (first === 'login') {
    const { values } = parseArgs({
      args: rest,
      options: {
        server: { type: 'string' },
        username: { type: 'string', short: 'u' },
        tenant: { type: 'string' },
        'password-stdin': { type: 'boolean' },
      },
    });
    const server = values.server ?? process.env.CARE_SERVER;
    if (!server)
      throw new UsageError('请用 --server 指定服务器地址，例如 care login --server http://localhost:8080');
    const passwordStdin = values['password-stdin'] === true;
    await login(
      {
        server,
        ...(values.username ? { username: values.username } : {}),
        ...(values.tenant ? { tenant: Number(values.tenant) } : {}),
        passwordStdin,
        ...(passwordStdin ? { stdinText: await readStdin() } : {}),
      },
      err,
    );
    return EXIT.ok;
  }
  if (first === 'logout') {
    const c = readCredentials();
    if (c) {
      await createApi({ api: c.api, token: c.token })
        .request('POST', pathOf(ENDPOINTS.auth.logout))
        .catch(() => undefined);
    }
    err(removeCredentials() ? `已退出登录（删除 ${credentialsFile()}）` : '没有保存的登录');
    return EXIT.ok;
  }
  if (first === 'whoami') {
    const c = session();
    const http = createApi({ api: c.api, token: c.token });
    await sessionPermissions(http.api);
    out(`${c.username || '(CARE_TOKEN)'} @ ${c.api}`);
    return EXIT.ok;
  }
  const yes = argv.includes('--yes') || argv.includes('-y');
  if (first === 'run') {
    const [file, ...words] = rest.filter((w) => w !== '--yes' && w !== '-y');
    if (!file) throw new UsageError('请指定脚本文件：care run <文件>');
    const script = file === '-' ? await readStdin() : fs.readFileSync(file, 'utf8');
    return runAsUser(script, { yes, vars: variables(words) });
  }
  if (first === undefined) {
    if (process.stdin.isTTY) {
      out(USAGE);
      return EXIT.usage;
    }
    return runAsUser(await readStdin(), { yes });
  }
  // one command line, as typed in the console's terminal
  const line = argv.map(quoteWord).join(' ');
  const machine = argv.includes('--json') || argv.includes('--csv');
  return runAsUser(line, { yes, quietOutput: machine });
}

// `care … | head`: a reader that stops early ends the run quietly, as other command-line tools do
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (
      e instanceof UsageError ||
      (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      err(e.message);
      err(USAGE);
      process.exitCode = EXIT.usage;
      return;
    }
    if (e instanceof CliApiError || e instanceof CommandError) err(e.message);
    else if (e instanceof Error && 'code' in e && e.code === 'ENOENT')
      err(`文件不存在：${(e as NodeJS.ErrnoException).path ?? ''}`);
    else err(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = EXIT.failed;
  },
);
