import { useState, type FormEvent } from 'react';
import type { Result } from '../shared/api.ts';

interface MenuNode {
  path: string;
  hidden?: boolean;
  meta: { title?: string };
  children?: MenuNode[];
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<Result<T>> {
  const res = await fetch(`${__API_BASE__}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json;charset=UTF-8',
      'tenant-id': '0',
      ...(init.token ? { 'X-Access-Token': init.token } : {}),
    },
  });
  return (await res.json()) as Result<T>;
}

function MenuList({ nodes }: { nodes: MenuNode[] }) {
  return (
    <ul className="ml-4 list-disc">
      {nodes
        .filter((n) => !n.hidden)
        .map((n) => (
          <li key={n.path}>
            {n.meta.title} <span className="text-gray-400">{n.path}</span>
            {n.children && <MenuList nodes={n.children} />}
          </li>
        ))}
    </ul>
  );
}

/** Minimal sign-in page proving the server round trip; the console shell replaces it. */
export function LoginPreview() {
  const [username, setUsername] = useState('admin');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [menu, setMenu] = useState<MenuNode[] | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const login = await call<{ token: string }>('/sys/login', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    });
    if (!login.success) return setError(login.message);
    const perms = await call<{ menu: MenuNode[] }>('/sys/permission/getUserPermissionByToken', {
      token: login.result.token,
    });
    if (!perms.success) return setError(perms.message);
    setMenu(perms.result.menu);
  }

  if (menu) {
    return (
      <main className="p-6">
        <h1 className="mb-4 text-xl font-semibold">菜单</h1>
        <MenuList nodes={menu} />
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50">
      <form onSubmit={submit} className="w-80 space-y-3 rounded bg-white p-6 shadow">
        <h1 className="text-lg font-semibold">悦到家管理控制台</h1>
        <input
          aria-label="账号"
          className="w-full rounded border px-2 py-1"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <input
          aria-label="密码"
          type="password"
          className="w-full rounded border px-2 py-1"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        <button type="submit" className="w-full rounded bg-primary py-1 text-white">
          登录
        </button>
      </form>
    </main>
  );
}
