/**
 * The palette's commands of the signed-in user's saved scripts (`script.<名称>`,
 * commands/saved-script/palette.ts): loaded after sign-in and again whenever a script is saved,
 * changed or deleted.
 */
import type { Page } from '../../shared/api.ts';
import { SAVED_SCRIPT } from '../../shared/resources/saved-script.ts';
import {
  SCRIPT_COMMAND_PREFIX,
  scriptCommands,
  type SavedScriptRow,
} from '../../../commands/saved-script/palette.ts';
import { callTo } from '../lib/api-client.ts';
import { onCommandRun, registry, runtime } from './runtime.ts';

/** Most scripts the palette lists. */
const MAX_SCRIPTS = 500;

export async function refreshScriptCommands(): Promise<void> {
  if (!runtime.can(SAVED_SCRIPT.perms.list) || !runtime.can(SAVED_SCRIPT.perms.run)) {
    registry.replaceGenerated(SCRIPT_COMMAND_PREFIX, []);
    return;
  }
  try {
    const page = await callTo<Page<SavedScriptRow>>(SAVED_SCRIPT.endpoints.list, {
      query: { pageSize: MAX_SCRIPTS },
    });
    registry.replaceGenerated(SCRIPT_COMMAND_PREFIX, scriptCommands(page.records));
  } catch (e) {
    // the palette keeps the commands it had
    console.warn('saved scripts not loaded', e);
  }
}

onCommandRun((entry) => {
  if (entry.outcome === 'ok' && /^savedScript\.(add|edit|delete)$/.test(entry.id))
    void refreshScriptCommands();
});
