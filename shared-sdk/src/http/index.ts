// The HTTP core: the page's one client. Domain endpoint modules (src/<domain>/api.ts) reach it only through
// the shared specifier `@console/shared-sdk`, never by a relative path, so a remote that bundles them still
// calls the host's client: its token, its single refresh, its pop-up.
export { ApiError, isApiError } from './errors.js';
export {
  call,
  configureApi,
  download,
  fileNameOf,
  fileUrl,
  refreshSession,
  type ApiConfig,
  type CallIdentity,
  type CallOptions,
  type DownloadedFile,
  type Endpoint,
  type Query,
  type QueryValue,
} from './client.js';
export { toFormData } from './form-data.js';
export { saveFile } from './save-file.js';
