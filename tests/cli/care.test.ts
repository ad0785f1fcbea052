import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.mjs';
import { serverDatabase } from '../support/private-postgres.ts';
import { scratchDir, spawnServer, type SpawnedServer } from '../support/spawn-server.ts';

/**
 * The `care` binary as a user runs it: the CLI bundle (scripts/build-cli.mjs, what bin/care.mjs
 * runs) in a child process against the real server (the run's server bundle on a copy of the
 * seeded PGlite), its session in a scratch XDG_CONFIG_HOME.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let server: SpawnedServer | undefined;
let scratch: ReturnType<typeof scratchDir> | undefined;
let bundle = '';
let cliDir = '';
let password = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `care …args` with `input` on standard input (not a terminal). */
function care(args: string[], input = '', env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: scratch!.dir,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(scratch!.dir, 'config'), CARE_PASSWORD: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const tokenFile = () => path.join(scratch!.dir, 'config', 'care', 'credentials.json');

beforeAll(async () => {
  scratch = scratchDir('care-cli-');
  cliDir = path.join(ROOT, 'dist/test-cli', path.basename(scratch.dir));
  const dataDir = path.join(scratch.dir, 'pglite');
  [bundle, { adminPassword: password }] = await Promise.all([
    buildCli(cliDir),
    serverDatabase({ dataDir }, scratch.dir),
  ]);
  server = await spawnServer({ dataDir, uploadDir: scratch.dir });
});

afterAll(async () => {
  await server?.stop();
  scratch?.remove();
  if (cliDir) fs.rmSync(cliDir, { recursive: true, force: true });
});

describe('care', () => {
  it('signs in with the password from standard input and keeps the token readable by its owner only', async () => {
    const origin = `http://127.0.0.1:${server!.port}`;
    const wrong = await care(
      ['login', '--server', origin, '--username', 'admin', '--password-stdin'],
      'nope\n',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('用户名或密码错误');
    expect(fs.existsSync(tokenFile())).toBe(false);

    const r = await care(
      ['login', '--server', origin, '--username', 'admin', '--password-stdin'],
      `${password}\n`,
    );
    expect(r.stderr).toContain('已登录');
    expect(r.code).toBe(0);
    expect(fs.statSync(tokenFile()).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(tokenFile())).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(fs.readFileSync(tokenFile(), 'utf8')) as { api: string; token: string };
    expect(stored.api).toBe(`${origin}/jeecg-boot`);
    expect(stored.token).toMatch(/^[\w-]{20,}$/);
  });

  it('runs a command with --json: the rows alone on standard output', async () => {
    const r = await care(['technician', 'list', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ name: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.name).toBeTruthy();
  });

  it('runs a script piped to standard input: variables, pipes, CSV', async () => {
    const r = await care(
      [],
      'set who=admin\nuser list --username $who --csv\nposition list --json | head 1\n',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [header, admin] = r.stdout.split('\n');
    expect(header).toContain('账号');
    expect(admin).toMatch(/^admin,/);
  });

  it('runs a script file with variables given on the command line', async () => {
    const file = path.join(scratch!.dir, 'closing.care');
    fs.writeFileSync(file, 'order close-unpaid --older $age --dry-run\n');
    const r = await care(['run', file, 'age=30m']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('演练');
  });

  it('runs a saved script on the server (the process entry gives it the runner) by its command', async () => {
    const r = await care(['script', 'unpaidPreview', '2h']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('演练');
    const runs = await care(['savedScript', 'runs', 'unpaidPreview', '--json']);
    expect(JSON.parse(runs.stdout)[0]).toMatchObject({ status: 'ok', trigger: 'manual' });
  });

  it('exits non-zero on failure, with the message on standard error', async () => {
    const unknown = await care(['nosuch', 'thing']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('未知命令');

    // a statement failing in the middle of a script fails the run
    const script = await care([], 'position list --json | head 1\nuser freeze nobody-there\n');
    expect(script.code).toBe(1);
    expect(script.stderr).not.toBe('');

    // a failure answered by `||` is handled
    const handled = await care([], 'nosuch thing || position list --json | head 1\n');
    expect(handled.code).toBe(0);

    // a command of the console page is refused, not half run
    const page = await care(['tab', 'close']);
    expect(page.code).toBe(1);
    expect(page.stderr).toContain('需要在网页控制台中运行');

    // a confirmation cannot be answered without a terminal: refused unless --yes
    const unconfirmed = await care(['order', 'close-unpaid', '--older', '30m']);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('加 --yes');
  });

  it('refuses what the signed-in user may not do, and a lost session', async () => {
    const origin = `http://127.0.0.1:${server!.port}`;
    const env = { XDG_CONFIG_HOME: path.join(scratch!.dir, 'config-caiwu') };
    expect(
      (await care(['login', '--server', origin, '-u', 'yuangong', '--password-stdin'], `${password}\n`, env))
        .code,
    ).toBe(0);
    const denied = await care(['menu', 'delete', '系统管理', '--yes'], '', env);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('没有权限');

    const out = await care(['logout'], '', env);
    expect(out.code).toBe(0);
    const after = await care(['position', 'list'], '', env);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('care login');

    const revoked = await care(['position', 'list'], '', {
      CARE_SERVER: `${origin}/jeecg-boot`,
      CARE_TOKEN: 'not-a-token',
    });
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain('登录已失效');
  });
});
