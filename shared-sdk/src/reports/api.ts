import {
  allSitesScoreListSchema,
  siteScoreReportSchema,
  type AllSitesScoreList,
  type AllSitesScoreQuery,
  type SiteScoreReport,
  type SiteScoreReportQuery,
} from '../contract/scores.js';
import {
  inspectionPackPreviewSchema,
  packVerificationSchema,
  type InspectionPackDownloadQuery,
  type PackVerification,
  type InspectionPackPreview,
  type InspectionPackQuery,
} from '../contract/inspection-pack.js';
import { call, download, toFormData, type CallOptions, type DownloadedFile } from '@console/shared-sdk';

// The reports domain's calls: site scores (the spec's two /site-panel calls) and the inspection pack.

export const scoreApi = {
  /** GET /site-panel/all-sites-score-list: every site the caller may see, ranked over the range. */
  allSites: (query: AllSitesScoreQuery, options?: CallOptions): Promise<AllSitesScoreList> =>
    call(
      { method: 'get', path: 'site-panel/all-sites-score-list', query, data: allSitesScoreListSchema },
      options,
    ),
  /** GET /site-panel/site-report-scoreList: one site's score per local day, with the totals. */
  siteDays: (query: SiteScoreReportQuery, options?: CallOptions): Promise<SiteScoreReport> =>
    call(
      { method: 'get', path: 'site-panel/site-report-scoreList', query, data: siteScoreReportSchema },
      options,
    ),
};

export const inspectionPackApi = {
  /** GET /report/inspection-pack/preview: what the pack holds, the record check, and its digest. */
  preview: (query: InspectionPackQuery, options?: CallOptions): Promise<InspectionPackPreview> =>
    call(
      {
        method: 'get',
        path: 'report/inspection-pack/preview',
        query,
        data: inspectionPackPreviewSchema,
        timeout: false,
      },
      options,
    ),
  /** GET /report/inspection-pack/download: the pack as a PDF or an XLSX, streamed while it is produced. */
  download: (query: InspectionPackDownloadQuery, options?: CallOptions): Promise<DownloadedFile> =>
    download({ method: 'get', path: 'report/inspection-pack/download', query, timeout: false }, options),
  /**
   * POST /report/verify-pack: whether a file is a pack this server produced, by the SHA-256 of its bytes.
   * Needs no sign-in (an inspector checks a copy handed to them).
   */
  verify: (file: File, options?: CallOptions): Promise<PackVerification> =>
    call(
      {
        method: 'post',
        path: 'report/verify-pack',
        form: toFormData({ file }),
        data: packVerificationSchema,
        authFlow: true,
        timeout: false,
      },
      options,
    ),
};
