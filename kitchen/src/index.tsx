import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@console/shared-sdk';
import { App } from './app/App';
import { loadKitchen } from './app/store';
import { startSending } from './sync/sender';

// The kitchen app's start: the API on this origin, the device's state from IndexedDB, then the screens; the
// outbox starts sending, and the service worker is registered so the next start works with no network.

configureApi({ baseUrl: '' });

async function start() {
  await loadKitchen();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void startSending();
  if ('serviceWorker' in navigator && process.env.NODE_ENV === 'production') {
    navigator.serviceWorker.register('/kitchen/sw.js', { scope: '/kitchen/' }).catch(() => undefined);
  }
}

void start();
