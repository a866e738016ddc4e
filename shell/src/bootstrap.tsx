import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@console/shared-sdk';
import { App } from './app/App';
import { addressHasOverrides } from './remotes/override-flags';

// The API is served from the same origin as the shell.
configureApi({ baseUrl: '' });
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// Before the router: a sign-in redirect would drop the parameter. Only an address that carries one loads
// the overrides' code.
if (addressHasOverrides())
  void import('./remotes/overrides')
    .then(
      ({ captureOverridesFromUrl }) => captureOverridesFromUrl(),
      (error: unknown) => console.error('remote-override: the parameter could not be read', error),
    )
    .finally(render);
else render();
