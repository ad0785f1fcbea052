import { useSyncExternalStore } from 'react';
import { KEYS, SESSION_KEYS, getItem, removeItem, setItem } from './storage.ts';

/** SysUser as the server sends it (only what the client reads). */
export interface UserInfo {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  orgCode: string | null;
  [key: string]: unknown;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  color?: string | null;
}

export interface AuthEntry {
  action: string;
  type: string;
  describe?: string;
  status?: string;
}

/** The login state of spec §3. */
export interface Session {
  token: string | null;
  userInfo: UserInfo | null;
  tenantId: number;
  dicts: Record<string, DictItem[]>;
}

const listeners = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  return {
    token: getItem<string>(KEYS.token),
    userInfo: getItem<UserInfo>(KEYS.userInfo),
    tenantId: Number(getItem<number>(KEYS.tenant) ?? 0) || 0,
    dicts: getItem<Record<string, DictItem[]>>(KEYS.dicts) ?? {},
  };
}

function changed() {
  snapshot = read();
  for (const l of listeners) l();
}

export const session = {
  get: (): Session => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Store a successful login (token, user info, dictionaries) for 7 days. */
  login(result: {
    token: string;
    userInfo: UserInfo;
    sysAllDictItems?: Record<string, DictItem[]>;
    tenantList?: Array<{ id: number }>;
  }) {
    setItem(KEYS.token, result.token);
    setItem(KEYS.userInfo, result.userInfo);
    setItem(KEYS.username, result.userInfo.username);
    if (result.sysAllDictItems) setItem(KEYS.dicts, result.sysAllDictItems);
    if (result.tenantList?.length === 1) setItem(KEYS.tenant, result.tenantList[0]!.id);
    changed();
  },
  setUserInfo(userInfo: UserInfo) {
    setItem(KEYS.userInfo, userInfo);
    changed();
  },
  setDicts(dicts: Record<string, DictItem[]>) {
    setItem(KEYS.dicts, dicts);
    changed();
  },
  setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]) {
    sessionStorage.setItem(SESSION_KEYS.auth, JSON.stringify(auth));
    sessionStorage.setItem(SESSION_KEYS.allAuth, JSON.stringify(allAuth));
  },
  /** Logout clears token, permissions, user info, dictionary cache, tenant and page cache (spec §4). */
  clear() {
    for (const k of Object.values(KEYS)) removeItem(k);
    for (const k of Object.values(SESSION_KEYS)) sessionStorage.removeItem(k);
    changed();
  },
};

export const useSession = (): Session => useSyncExternalStore(session.subscribe, session.get);
