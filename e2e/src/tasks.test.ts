import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext, signIn } from './support/browser';
import { api } from './support/api';

// The tasks remote in the browser, end to end: a daily task made from a library template, seen in today's
// list, its checklist done through the staff's own calls (as the mobile app does) with the dashboard's
// green count rising, a comment with a photo, and deleting it from today on. Names carry the run's own
// suffix, so a rerun against the same console never collides.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;
const run = Date.now().toString(36);
const templateName = `Probe calibration (e2e ${run})`;
const taskName = `Calibrate the probes (e2e ${run})`;
/** A 1×1 PNG, as a phone's camera would send a photo. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function chooseSite(p: Page, site: RegExp) {
  await p.getByRole('combobox', { name: 'Site' }).click();
  await p.getByRole('option', { name: site }).click();
}

interface StaffTask {
  _id: string;
  masterTaskID: string;
  name: string;
  status: string;
  itemCheckList: { _id: string; status: string }[];
}

/** The dashboard's "Completed on time" count for the selected site's week. */
async function onTimeCount(p: Page): Promise<number> {
  // Named by what it shows: "17 Completed on time".
  const link = p.getByRole('link', { name: /^\d+ Completed on time$/ });
  await link.waitFor();
  const name = (await link.textContent()) ?? '';
  return Number(/^(\d+)/.exec(name)?.[1]);
}

test('a daily task from a library template: listed today, done by staff, commented with a photo, deleted from today on', async () => {
  const p = await (await newContext(browser)).newPage();
  await signIn(p, logins.organizationAdmin);

  // The library: preview a template and import a copy under a name of our own.
  await p.goto(`${consoleUrl()}/dashboard/templates`);
  await chooseSite(p, brighton);
  await p.getByRole('heading', { name: 'Checklist templates', level: 1 }).waitFor();
  await p.getByRole('button', { name: 'Template library' }).click();
  const library = p.getByRole('dialog', { name: 'Template library' });
  await library.getByRole('button', { name: /^Probe calibration/ }).click();
  await library.getByText('In iced water the probe reads between -1°C and +1°C').waitFor();
  await library.getByLabel(/^Name in your templates/).fill(templateName);
  await library.getByRole('button', { name: 'Import', exact: true }).click();
  await library.waitFor({ state: 'detached' });
  await p.getByRole('searchbox').fill(templateName);
  await p.getByRole('gridcell', { name: templateName }).first().waitFor();

  // A daily task at Brighton with that checklist, due at the end of each day (00:00), so it is still to do
  // whatever time of day this runs.
  await p.goto(`${consoleUrl()}/dashboard/task`);
  await p.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
  await p.getByRole('button', { name: 'Add task' }).click();
  const form = p.getByRole('dialog', { name: 'Add task' });
  await form.getByLabel(/^Task name/).fill(taskName);
  await form.getByRole('combobox', { name: /^Copy the checklist of a template/ }).click();
  await p.getByRole('option', { name: templateName }).click();
  // The template's lines are copied into the checklist's fields.
  await p.waitForFunction(
    (text) =>
      [...document.querySelectorAll('[role="dialog"] input, [role="dialog"] textarea')].some(
        (field) => (field as HTMLInputElement).value === text,
      ),
    'Probe cleaned and sanitised after the test',
  );
  await form.getByRole('radio', { name: 'At a time' }).check();
  const dueBy = form.getByRole('group', { name: /^Due by/ });
  await dueBy.click();
  await p.keyboard.type('0000');
  await form
    .getByRole('status', { name: 'The schedule in words' })
    .filter({ hasText: /^Every day by midnight/ })
    .waitFor();
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });

  // Today's list shows it, still to do.
  await p.getByRole('searchbox').fill(taskName);
  const row = p.getByRole('row').filter({ hasText: taskName });
  await row.waitFor();
  await row.getByText('Upcoming / in progress').waitFor();

  // A comment with a photo, from the task's view.
  await row.getByRole('button', { name: `View ${taskName}` }).click();
  const view = p.getByRole('dialog', { name: new RegExp(taskName.replace(/[()]/g, '\\$&')) });
  await view.waitFor();
  const comments = view.getByRole('form', { name: 'Add a comment or a photo' });
  await comments.getByLabel('Comment').fill('Spare probe batteries are in the office drawer.');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await view.getByText('Spare probe batteries are in the office drawer.').waitFor();
  await comments
    .locator('input[type="file"]')
    .setInputFiles({ name: 'probe.png', mimeType: 'image/png', buffer: photo });
  const thumbnail = view.getByRole('button', { name: /^Show the photo by .* larger$/ });
  await thumbnail.waitFor();
  await thumbnail.click();
  await p.getByRole('dialog').getByRole('img').last().waitFor();
  await p.keyboard.press('Escape');
  await view.getByRole('button', { name: 'Close', exact: true }).last().click();
  await view.waitFor({ state: 'detached' });

  // The dashboard's week before the staff member does it: an organisation admin's dashboard starts on every
  // site, so Brighton is chosen there.
  await p.goto(`${consoleUrl()}/dashboard`);
  await chooseSite(p, brighton);
  const before = await onTimeCount(p);

  // Aisha, who works at Brighton, does every line through the mobile app's calls.
  const staff = await api<{ accessToken: string }>('POST', 'authentication/mobile-app-login', null, {
    email: 'aisha.khan@harbourvine.example',
    password: demoPassword,
  });
  const today = await api<{ list: StaffTask[] }>('GET', 'task-new-version/today', staff.accessToken);
  const task = today.list.find((candidate) => candidate.name === taskName);
  expect(task).toBeDefined();
  for (const line of task!.itemCheckList)
    await api('PUT', 'task-new-version/check-list-item-status-change', staff.accessToken, {
      masterTaskID: task!.masterTaskID,
      individualTaskID: task!._id,
      checkListID: line._id,
      status: 'COMPLETED',
      changedAt: new Date().toISOString(),
    });
  const done = await api<StaffTask>(
    'GET',
    `task-new-version/view-task?masterTaskID=${task!.masterTaskID}&individualTaskID=${task!._id}`,
    staff.accessToken,
  );
  if (done.status !== 'COMPLETED')
    await api('PUT', 'task-new-version/complete', staff.accessToken, {
      masterTaskID: task!.masterTaskID,
      individualTaskID: task!._id,
      completedAt: new Date().toISOString(),
    });

  // The console shows it: one more completed on time this week.
  await p.reload();
  expect(await onTimeCount(p)).toBe(before + 1);

  // Delete it from today on: today's (done) record stays, tomorrow has none.
  await p.goto(`${consoleUrl()}/dashboard/task`);
  // The unfiltered day already shows the row: act on it only once the searched list has come, or its
  // re-render closes the menu under the click.
  const searched = p.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/master-task/web-app-list') &&
      new URL(response.url()).searchParams.get('search') === taskName,
  );
  await p.getByRole('searchbox').fill(taskName);
  await searched;
  await row.getByText('Completed on time').waitFor();
  // A task's row shows View and Complete; Edit task and Delete are under "More actions".
  await row.getByRole('button', { name: 'More actions' }).click();
  await p.getByRole('menuitem', { name: `Delete ${taskName}` }).click();
  const confirm = p.getByRole('alertdialog', { name: `Delete “${taskName}”?` });
  await confirm.getByRole('radio', { name: 'This and future occurrences' }).check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm.waitFor({ state: 'detached' });
  await row.getByText('Completed on time').waitFor();
  await p.getByRole('button', { name: /^Next day/ }).click();
  await p.getByText('No tasks match your search.').waitFor();
  expect(await p.getByRole('row').filter({ hasText: taskName }).count()).toBe(0);
  await p.context().close();
});
