import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@console/shared-sdk';
import { App } from './app/App';
import { captureOverridesFromUrl } from './remotes/overrides';

// The API is served from the same origin as the shell.
configureApi({ baseUrl: '' });
// Before the router: a sign-in redirect would drop the parameter.
captureOverridesFromUrl();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
