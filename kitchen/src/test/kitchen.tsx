import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from '@console/shared-sdk/router';
import { KitchenProviders, KitchenScreens } from '../app/App';
import { kitchen, loadKitchen, signedIn } from '../app/store';
import { speak } from '../i18n/i18n';
import { saveDevice } from '../local/people';
import type { StoredDevice } from '../local/db';
import { stopSending } from '../sync/sender';
import { device, ids, loginAs, roster } from './fixtures';
import { saveRoster } from '../app/store';

// Rendering the app as a device opens it: what is stored in IndexedDB is read first, then the screens at
// `path` (under /kitchen) in a memory router.

const freshState = kitchen.getState();

/** Forgets the last test's page: its store, its sender's timers, its language. */
export async function freshPage() {
  await stopSending();
  kitchen.setState({ ...freshState, online: true }, true);
  await speak('en');
}

export async function renderKitchen(path = '/'): Promise<RenderResult> {
  await loadKitchen();
  return render(
    <KitchenProviders>
      <MemoryRouter initialEntries={[path]}>
        <KitchenScreens />
      </MemoryRouter>
    </KitchenProviders>,
  );
}

/** This device is Brighton's enrolled tablet, with its name list. */
export async function asTablet(): Promise<StoredDevice> {
  const stored = await saveDevice(device, 'device-secret');
  await saveRoster(roster);
  return stored;
}

/** Anna signed in on her phone and on the screen. */
export async function annaOnHerPhone() {
  return signedIn(loginAs(ids.anna), {
    signedInOn: 'phone',
    language: 'en',
    hasPin: false,
  });
}

/** axe-core's serious and critical violations in `container` (colour contrast is left to the browser walk). */
export async function seriousViolations(container: Element): Promise<string[]> {
  const axe = (await import('axe-core')).default;
  const results = await axe.run(container, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Sets what navigator.onLine says, and tells the app as the browser would. */
export function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
