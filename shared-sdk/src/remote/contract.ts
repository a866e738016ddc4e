import type { ComponentType } from 'react';
import type { SubjectName } from '../ability/index.js';
import type { LoginResponse } from '../contract/index.js';

/** One screen of a remote, at an absolute console path (the spec's paths, kept for bookmarks). */
export interface RemoteRoute {
  path: string;
  Component: ComponentType;
  /** Site-scoped screens show the site selector and reload when the site changes. */
  siteScoped?: boolean;
}

/** A menu entry; the shell shows it only when the user may read `subject`. */
export interface RemoteMenuEntry {
  title: string;
  path: string;
  subject: SubjectName;
  /** Menu section heading, e.g. "Equipment". */
  section: string;
  Icon?: ComponentType;
  order?: number;
}

/** What a remote exposes as `./routes`. */
export interface RemoteRoutesModule {
  routes: RemoteRoute[];
  menu: RemoteMenuEntry[];
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
