/// <reference types="vite/client" />
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Base styles first: the features' own CSS (imported by their components) comes after and may refine it.
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import { App } from './App.tsx';
import { LocaleRoot } from './i18n/LocaleRoot.tsx';
import { startApp } from './store/index.ts';
import { applyTheme } from './components/theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Follow the system until the settings arrive, so a dark desktop never flashes white.
applyTheme('system');
startApp();
createRoot(root).render(
  <StrictMode>
    <LocaleRoot>
      <App />
    </LocaleRoot>
  </StrictMode>,
);
