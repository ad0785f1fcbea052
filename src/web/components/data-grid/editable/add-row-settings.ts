import { normalizeAddRowSettings } from '../../../../shared/grid-rules.ts';

/** localStorage key of the add-row settings (spec §9: stored locally). */
export const ADD_ROW_SETTINGS_KEY = 'JVXE_ADD_ROW_SETTINGS';

export type AddRowSettings = ReturnType<typeof normalizeAddRowSettings>;

/** Minimal storage the settings need (window.localStorage in the browser). */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Read the stored settings; defaults 1 row, position 0 (bottom), no scroll. */
export function loadAddRowSettings(storage: SettingsStorage | undefined): AddRowSettings {
  try {
    const raw = storage?.getItem(ADD_ROW_SETTINGS_KEY);
    return normalizeAddRowSettings(raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
  } catch {
    return normalizeAddRowSettings({});
  }
}

/** Store settings (normalised first); returns what was stored. */
export function saveAddRowSettings(
  storage: SettingsStorage | undefined,
  settings: { count?: unknown; position?: unknown; scroll?: unknown },
): AddRowSettings {
  const normal = normalizeAddRowSettings(settings);
  storage?.setItem(ADD_ROW_SETTINGS_KEY, JSON.stringify(normal));
  return normal;
}
