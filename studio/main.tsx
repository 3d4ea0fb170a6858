// The studio's entry: the app's design tokens, React Flow's styles and the studio's own, then the studio.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import '../src/styles/tokens.css';
import '../src/styles/base.css';
import './studio.css';
import { loadPhoneLibrary } from '../engine/phone.ts';
import { Studio } from './Studio.tsx';

// Guards that check a phone number read the library (the preview's "ways on").
await loadPhoneLibrary();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Studio />
  </StrictMode>,
);
