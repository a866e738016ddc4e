import { ApiError, notifyStore } from '@console/shared-sdk';
import { resetBrowserState } from '@console/shared-sdk/testing';
import { changeText, reportErrorMessage, scoreText, toastReportError } from './report-words';

// The spec's rule for a report that fails (section 8): the error's message, else the response's data
// message, else the response's message; and the words a score and its change are read in.

beforeEach(() => resetBrowserState());

test('a report failure says the error’s message first', () => {
  const error = new ApiError({ status: 503, code: 'INTERNAL_ERROR', message: 'Scores are being recounted' });
  expect(reportErrorMessage(error)).toBe('Scores are being recounted');
});

test('without the error’s message, the response’s data message, then the response’s message', () => {
  const answer = (response: object) => Object.assign(new Error(''), { response });
  expect(
    reportErrorMessage(answer({ data: { message: 'The range is too long' }, message: 'Bad Request' })),
  ).toBe('The range is too long');
  expect(reportErrorMessage(answer({ data: {}, message: 'Bad Request' }))).toBe('Bad Request');
  expect(reportErrorMessage(answer({}))).toBe('The report could not be produced. Try again.');
});

test('a failure is an error toast, never the pop-up; a cancelled one says nothing', () => {
  toastReportError(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Not your site' }));
  toastReportError(new DOMException('The user stopped it', 'AbortError'));
  expect(notifyStore.getState().toasts.map((toast) => [toast.severity, toast.message])).toEqual([
    ['error', 'Not your site'],
  ]);
  expect(notifyStore.getState().error).toBeNull();
});

test('a score reads with its band in words, and a change with its direction', () => {
  expect(scoreText(96, 'GREEN')).toBe('96 · Good');
  expect(scoreText(null, null)).toBe('No tasks due');
  expect(changeText(-3.5)).toBe('Down 3.5 points');
  expect(changeText(0)).toBe('No change');
  expect(changeText(null)).toBe('Nothing to compare');
});
