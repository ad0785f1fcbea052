import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPreview } from './login-preview.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginPreview />
  </StrictMode>,
);
