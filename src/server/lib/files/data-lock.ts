import fs from 'node:fs';

/**
 * The embedded PGlite data directory belongs to one process at a time. The server holds
 * `<dataDir>.pid` while it runs; maintenance commands refuse to open the directory meanwhile.
 */
export const lockPath = (dataDir: string) => `${dataDir}.pid`;

/** The pid of a live process holding the data directory, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockPath(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // a stale file left by a killed process
  }
}

/** Claim the data directory for this process; the returned function releases it. */
export function holdDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder) throw new Error(`The data directory ${dataDir} is in use by process ${holder}: stop it first.`);
  // a file left by a killed process is stale; then create ours exclusively, so that of two
  // processes starting at once only one gets the directory
  fs.rmSync(lockPath(dataDir), { force: true });
  try {
    fs.writeFileSync(lockPath(dataDir), String(process.pid), { flag: 'wx' });
  } catch {
    throw new Error(`The data directory ${dataDir} is being opened by another process: stop it first.`);
  }
  return () => fs.rmSync(lockPath(dataDir), { force: true });
}
