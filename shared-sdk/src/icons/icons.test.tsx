import { render } from '@testing-library/react';
import { consoleIcons, iconFor, isIconName, type IconName } from './index.js';

// The names other containers publish as data (remote.json menu entries) must stay names of this set.
const promised: IconName[] = [
  'suppliers',
  'foodItems',
  'probes',
  'fridge',
  'freezer',
  'staff',
  'departments',
  'tasks',
  'templates',
  'categories',
  'dashboard',
  'temperature',
  'compliance',
  'nearMiss',
  'documents',
  'reports',
];

test('every promised name is an icon that renders', () => {
  for (const name of promised) {
    expect(isIconName(name)).toBe(true);
    const Icon = iconFor(name);
    const { container, unmount } = render(<Icon titleAccess={name} />);
    expect(container.querySelector('svg title')?.textContent).toBe(name);
    unmount();
  }
});

test('a name read from JSON that is not in the set is refused, not rendered as nothing', () => {
  expect(isIconName('toString')).toBe(false);
  expect(isIconName('fridges')).toBe(false);
  expect(Object.keys(consoleIcons).length).toBeGreaterThanOrEqual(promised.length);
});
