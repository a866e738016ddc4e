import type { ComponentType } from 'react';
import type { LoginResponse } from '../contract/index.js';

export * from './description.js';

/**
 * What a remote exposes as `./routes`: one component per path of its description. Each should be lazy
 * (`React.lazy`), so opening one screen downloads that screen's code only.
 */
export interface RemoteRoutesModule {
  screens: Record<string, ComponentType>;
}

export interface MountOptions {
  /** Origin of the API, e.g. "https://console.example.com"; empty or unset: the page's own origin. */
  apiBaseUrl?: string;
  /** A session to use instead of showing the sign-in form. */
  session?: Pick<LoginResponse, 'accessToken' | 'refreshToken' | 'userData'>;
  /** The site to open; unset: the user picks one. */
  siteId?: string;
  /** Path prefix of the page the remote lives under, e.g. "/compliance". */
  basename?: string;
}

/** What a remote exposes as `./mount`: renders the remote into `element`; returns the unmount function. */
export type MountFunction = (element: HTMLElement, options?: MountOptions) => () => void;
