/**
 * The server process: the Fastify server (src/server) given the saved-script runner, which runs
 * scripts through the command registry (commands/headless) as their owners, calling the server's
 * API in process. This entry is the one place both layers meet: src/server imports only
 * src/shared, and the command layer never imports the server.
 */
import { startServer } from '../server/server.ts';
import { runSavedScript } from '../../commands/headless/script-runner.ts';

startServer({ scriptRunner: runSavedScript }).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
