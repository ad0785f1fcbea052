/**
 * Where `care login` keeps the session: `$XDG_CONFIG_HOME/care/credentials.json` (else
 * `~/.config/care/credentials.json`), the directory 0700 and the file 0600, written atomically.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A stored session. */
export interface Credentials {
  /** the API base, e.g. http://host:8080/jeecg-boot */
  api: string;
  token: string;
  username: string;
  /** the tenant chosen at login (header `tenant-id`) */
  tenantId?: number;
  savedAt: string;
}

/** The configuration directory of `care`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : undefined;
  return path.join(base ?? path.join(os.homedir(), '.config'), 'care');
}

export const credentialsFile = (env: NodeJS.ProcessEnv = process.env): string =>
  path.join(configDir(env), 'credentials.json');

export function readCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(credentialsFile(env), 'utf8')) as Partial<Credentials>;
    return typeof data.api === 'string' && typeof data.token === 'string' ? (data as Credentials) : undefined;
  } catch {
    return undefined;
  }
}

/** Write the session readable by its owner only (a new file renamed over the old one). */
export function writeCredentials(c: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const file = credentialsFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o600 });
  // the mode of a file that existed is not changed by writeFileSync's option
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
  return file;
}

export function removeCredentials(env: NodeJS.ProcessEnv = process.env): boolean {
  try {
    fs.unlinkSync(credentialsFile(env));
    return true;
  } catch {
    return false;
  }
}
