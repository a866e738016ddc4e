import { consoleUrl } from './browser';

/** One API call as the mobile app or a script makes it: JSON in, the envelope's `data` out, or an error. */
export async function api<T>(
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${consoleUrl()}/api/v1/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${json.message ?? ''}`);
  return json.data;
}
