/**
 * A form object as multipart form data, the way the API's multipart routes read it: files and blobs as
 * file parts, objects and arrays as JSON text (the site form's `timing`, `location`, `siteAdminList`),
 * dates as ISO text, other values as text. Undefined and null fields are left out, so an optional field
 * the form did not touch keeps its stored value (e.g. a site's admins when `siteAdminList` is absent).
 */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else if (value instanceof Blob) form.append(name, value);
    else if (value instanceof Date) form.append(name, value.toISOString());
    else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}
