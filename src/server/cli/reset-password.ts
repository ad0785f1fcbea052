/**
 * `npm run reset-password -- <username>`: give an account a new random password, print it once,
 * sign the account out everywhere and make its owner choose their own password at the next login.
 * Uses the same configuration as the server (DATABASE_URL or the embedded data directory).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { randomPassword } from '../db/seed/index.ts';
import { holdDataDir } from '../lib/files/data-lock.ts';
import { findUserByUsername } from '../repos/users.ts';
import { setPassword } from '../repos/user-write.ts';

async function main() {
  const username = process.argv[2]?.trim();
  if (!username || username.startsWith('-')) {
    console.error('usage: npm run reset-password -- <username>');
    return 2;
  }
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      // held while the command runs: a server starting meanwhile refuses the directory
      release = holdDataDir(config.dataDir);
    } catch (e) {
      console.error((e as Error).message);
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (e: unknown) => {
      release();
      throw e;
    },
  );
  try {
    const user = await findUserByUsername(database.db, username);
    if (!user || user.delFlag === 1) {
      console.error(`No account named ${username}.`);
      return 1;
    }
    const password = randomPassword();
    await setPassword(database.db, user.id, password, 'reset-password', { mustChange: true });
    console.log(`New password of ${username}: ${password}`);
    console.log('It is shown only now. The account is signed out and must choose its own password at login.');
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
