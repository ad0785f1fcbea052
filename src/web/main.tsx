import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { makeRouter } from './router.tsx';
import { settingsStore } from './shell/settings.ts';
import { applyTheme } from './shell/theme.ts';
import './styles.css';

// every page, the login page too, paints with the accessible shades of the chosen colour
applyTheme(settingsStore.get().color);
settingsStore.subscribe(() => applyTheme(settingsStore.get().color));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
const router = makeRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
