// The web app's entry: language from the URL, attribution captured, then the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startOutbox } from './api/outbox.ts';
import { captureAttribution } from './attribution.ts';
import { initI18n, languageOf } from './i18n.ts';
import { createRouter } from './routes.tsx';
import './styles/tokens.css';
import './styles/base.css';

captureAttribution(window.location.search);
startOutbox();
await initI18n(languageOf(window.location.search));
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
