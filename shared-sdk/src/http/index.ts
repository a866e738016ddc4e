export { ApiError, isApiError } from './errors.js';
export { configureApi, refreshSession, type ApiConfig, type CallOptions } from './client.js';
