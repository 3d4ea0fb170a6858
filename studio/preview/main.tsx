// A phone frame's entry: the app's styles, the widgets' needs (the phone number library), i18next in the frame's
// language, then the frame. The studio shows two of these side by side, English and Spanish.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../src/styles/tokens.css';
import '../../src/styles/base.css';
import '../../src/layout/layout.css';
import '../../src/funnel/funnel.css';
import '../../widgets/shared/ui.css';
import { preloads } from '../../widgets/registry.ts';
import { initFrameI18n } from './frame-i18n.ts';
import { PreviewFrame } from './PreviewFrame.tsx';
import './frame.css';

const lang = new URLSearchParams(window.location.search).get('lang') ?? 'en';
await Promise.all([initFrameI18n(lang), ...Object.values(preloads).map((load) => load())]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PreviewFrame lang={lang} />
  </StrictMode>,
);
