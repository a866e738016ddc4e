import { uploadedFileSchema, type UploadedFile } from '../contract/file.js';
import { call, type CallOptions } from '../http/client.js';
import { toFormData } from '../http/form-data.js';

/**
 * /common-uri: the file upload. Part of the shared core, not a domain entry, because the kit's file and
 * image fields (`@console/shared-sdk/ui`, shared) upload through it, and the core never imports a domain.
 */
export const filesApi = {
  /**
   * PUT /file-upload-s3: uploads one file (at most 10 MB; images, PDF, text, CSV, XLSX, DOCX) and returns
   * where it can be fetched from. No time limit: a large file on a slow line takes as long as it takes.
   */
  upload: (file: Blob, name: string, options?: CallOptions): Promise<UploadedFile> =>
    call(
      {
        method: 'put',
        path: 'common-uri/file-upload-s3',
        form: toFormData({ file: new File([file], name, { type: file.type }) }),
        data: uploadedFileSchema,
        timeout: false,
      },
      options,
    ),
};
