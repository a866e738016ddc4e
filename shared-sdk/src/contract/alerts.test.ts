import {
  alertCountWords,
  alertEventKindLabels,
  alertEventKinds,
  alertEventSeverities,
  alertFollowUpTitle,
  alertGroupTitle,
  alertSeverities,
  alertSeverityLabels,
} from './alerts.js';

const brighton = { siteCount: 1, siteName: 'Brighton', wholeOrganisation: false };

test('every kind of alert has a severity, a label and its words for one and for several', () => {
  for (const kind of alertEventKinds) {
    expect([kind, alertSeverities.includes(alertEventSeverities[kind])]).toEqual([kind, true]);
    expect(alertEventKindLabels[kind]).not.toBe('');
    expect(alertCountWords[kind].one).not.toBe('');
    expect(alertCountWords[kind].many).not.toBe(alertCountWords[kind].one);
  }
  expect(Object.keys(alertEventSeverities).sort()).toEqual([...alertEventKinds].sort());
  for (const severity of alertSeverities) expect(alertSeverityLabels[severity]).not.toBe('');
});

test('failures and overdue come above warnings, warnings above information', () => {
  const rank = (kind: keyof typeof alertEventSeverities) =>
    alertSeverities.indexOf(alertEventSeverities[kind]);
  expect(rank('TEMPERATURE_FAILED')).toBeLessThan(rank('SENSOR_OFFLINE'));
  expect(rank('TASK_OVERDUE')).toBeLessThan(rank('PROBE_SENSOR_DISAGREE'));
  expect(rank('SENSOR_OFFLINE')).toBeLessThan(rank('DOCUMENT_EXPIRING'));
  expect(rank('DOCUMENT_EXPIRED')).toBeLessThan(rank('DOCUMENT_EXPIRING'));
});

test('a group’s title: one keeps its own, several at a site are counted there, across sites the sites are', () => {
  const title = 'Walk-in sensor at Brighton is offline';
  expect(alertGroupTitle({ kind: 'SENSOR_OFFLINE', count: 1, title, ...brighton })).toBe(title);
  expect(alertGroupTitle({ kind: 'SENSOR_OFFLINE', count: 4, title: '', ...brighton })).toBe(
    '4 sensors offline at Brighton',
  );
  expect(
    alertGroupTitle({
      kind: 'SENSOR_OFFLINE',
      count: 6,
      title: '',
      siteCount: 6,
      siteName: 'Brighton',
      wholeOrganisation: false,
    }),
  ).toBe('Sensors offline at 6 sites');
  expect(
    alertGroupTitle({
      kind: 'DOCUMENT_EXPIRING',
      count: 2,
      title: '',
      siteCount: 0,
      siteName: null,
      wholeOrganisation: true,
    }),
  ).toBe('2 documents expiring for the whole organisation');
  expect(
    alertGroupTitle({
      kind: 'DOCUMENT_EXPIRED',
      count: 3,
      title: '',
      siteCount: 1,
      siteName: 'Brighton',
      wholeOrganisation: true,
    }),
  ).toBe('3 documents expired at Brighton and for the whole organisation');
});

test('the later alerts of a group, told together', () => {
  expect(alertFollowUpTitle({ kind: 'SENSOR_OFFLINE', count: 3, more: true, ...brighton })).toBe(
    '3 more sensors offline at Brighton',
  );
  expect(alertFollowUpTitle({ kind: 'TEMPERATURE_FAILED', count: 1, more: true, ...brighton })).toBe(
    '1 more temperature failure at Brighton',
  );
  expect(alertFollowUpTitle({ kind: 'NEAR_MISS_REPORTED', count: 2, more: false, ...brighton })).toBe(
    '2 near misses reported at Brighton',
  );
});
