import { isApiError } from '@console/shared-sdk';

/** What every call of the view needs: the link's token, its passcode if it has one, and where refusals go. */
export interface LinkAccess {
  token: string;
  /** Held in memory only, for as long as the page is open; never stored. */
  passcode: string | undefined;
  /**
   * A call of the view was refused: a 401 asks for the passcode again, a 404 checks the link (expired or
   * revoked since it was opened, or only this record gone). Anything else is the caller's to show.
   */
  refused: (error: unknown) => void;
}

/** The statuses the page answers itself, so the client's error pop-up stays shut for them. */
export const refusalStatuses = [401, 404] as const;

/** Whether the page, rather than the component that made the call, deals with this failure. */
export const isRefusal = (error: unknown): boolean =>
  isApiError(error) && (refusalStatuses as readonly number[]).includes(error.status);
