/** localStorage with expiry, as the original client's vue-ls (namespace `pro__`). */
export const NS = 'pro__';

export const SESSION_TTL_MS = 604_800_000;

export function setItem(key: string, value: unknown, ttlMs = SESSION_TTL_MS): void {
  localStorage.setItem(NS + key, JSON.stringify({ value, expire: ttlMs ? Date.now() + ttlMs : null }));
}

export function getItem<T>(key: string): T | null {
  const raw = localStorage.getItem(NS + key);
  if (!raw) return null;
  try {
    const { value, expire } = JSON.parse(raw) as { value: T; expire: number | null };
    if (expire !== null && expire < Date.now()) {
      localStorage.removeItem(NS + key);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

export const removeItem = (key: string): void => localStorage.removeItem(NS + key);

/** Stored keys of the session (spec §4, §9). */
export const KEYS = {
  token: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dicts: 'UI_CACHE_DB_DICT_DATA',
  tenant: 'TENANT_ID',
  routes: 'CACHE_INCLUDED_ROUTES',
} as const;

/** sessionStorage keys of the button rights. */
export const SESSION_KEYS = { auth: 'LOGIN_USER_BUTTON_AUTH', allAuth: 'SYS_BUTTON_AUTH' } as const;
