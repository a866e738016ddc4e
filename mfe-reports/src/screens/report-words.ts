import { isApiError, notify, type Reader } from '@console/shared-sdk';
import { scoreBandLabels, type ScoreBand } from '@console/shared-sdk/reports';

// What the reports screens say about scores and failures, in one place.

/**
 * The spec's rule for a report that fails: a toast with the error's message, else the response's data
 * message, else the response's message. The SDK's ApiError already carries the answer's message; a
 * failure without one (the network) says what happened in words.
 */
export function reportErrorMessage(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  const data = (error as { response?: { data?: { message?: unknown }; message?: unknown } } | null)?.response;
  if (typeof data?.data?.message === 'string' && data.data.message) return data.data.message;
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (error instanceof Error && error.message) return error.message;
  return 'The report could not be produced. Try again.';
}

/** Shows a report failure as the spec says: a toast, not the pop-up. An abandoned call says nothing. */
export function toastReportError(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notify.toast(reportErrorMessage(error), 'error');
}

/** A report's read, whose failure the toast tells (its screen shows Retry); an abandoned read tells none. */
export const reportRead =
  <T>(read: (signal: AbortSignal) => Promise<T>): Reader<T> =>
  (signal) =>
    read(signal).catch((error: unknown) => {
      if (!signal.aborted) toastReportError(error);
      throw error;
    });

export const bandColors: Record<ScoreBand, 'success' | 'warning' | 'error'> = {
  GREEN: 'success',
  AMBER: 'warning',
  RED: 'error',
};

/** "96.5 · Good"; "No tasks due" for a site with nothing due. */
export const scoreText = (score: number | null, band: ScoreBand | null) =>
  score === null || band === null ? 'No tasks due' : `${score} · ${scoreBandLabels[band]}`;

/** "+4.2 points on the period before", "no change", or nothing to compare. */
export function changeText(change: number | null): string {
  if (change === null) return 'Nothing to compare';
  if (change === 0) return 'No change';
  return `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} points`;
}
