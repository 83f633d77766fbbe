// First: on a signed-in start, asks for the signed-in app's code and the profile before the rest is evaluated.
import './app/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/nunito-sans/400.css';
import '@fontsource/nunito-sans/600.css';
import '@fontsource/nunito-sans/700.css';
import '@fontsource/nunito-sans/800.css';
import './lib/i18n';
import { AppRoot } from './app/app-root';
import { BaseProviders } from './app/base-providers';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BaseProviders>
      <AppRoot />
    </BaseProviders>
  </StrictMode>,
);
