import type { ReactNode } from 'react';

export const PRODUCT_NAME = '悦到家管理控制台';

/** The frame of the public pages: product name and a centred card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 p-4">
      <h1 className="mb-1 text-2xl font-semibold text-gray-800">{PRODUCT_NAME}</h1>
      <p className="mb-6 text-sm text-gray-500">上门按摩与护理服务后台</p>
      <section aria-label={title} className="w-full max-w-sm rounded bg-white p-6 shadow">
        {children}
      </section>
    </main>
  );
}
