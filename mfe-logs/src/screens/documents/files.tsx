import { fileUrl } from '@console/shared-sdk';
import type { DocumentFile } from '@console/shared-sdk/logs';
import { consoleIcons, type ConsoleIcon } from '@console/shared-sdk/icons';
import { Box, Button, Link, Stack, Typography } from '@console/shared-sdk/mui';
import { EmptyState, formatSize } from '@console/shared-sdk/ui';
import { useId, useState } from 'react';

// The files of a document in its view: each with an icon for its type, its size, and what the browser can
// do with it. Images show inline, a PDF opens in a viewer on the page (or a new tab), anything else is
// downloaded. Locations need no Authorization header, so plain links and <img>/<object> load them; they
// are paths on the API, which fileUrl puts on its origin.

type Kind = 'image' | 'pdf' | 'spreadsheet' | 'other';

const spreadsheetTypes = new Set([
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

function kindOf(file: Pick<DocumentFile, 'contentType'>): Kind {
  if (file.contentType.startsWith('image/')) return 'image';
  if (file.contentType === 'application/pdf') return 'pdf';
  if (spreadsheetTypes.has(file.contentType)) return 'spreadsheet';
  return 'other';
}

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/gif': 'GIF image',
  'application/pdf': 'PDF',
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
};

/** "PDF", "Word document", or the file's extension when its type is not one the console names. */
export const typeName = (file: Pick<DocumentFile, 'contentType' | 'originalName'>) =>
  typeNames[file.contentType] ?? (file.originalName.split('.').pop()?.toUpperCase() || 'File');

const kindIcons: Record<Kind, ConsoleIcon> = {
  image: consoleIcons.images,
  pdf: consoleIcons.documents,
  spreadsheet: consoleIcons.reports,
  other: consoleIcons.documents,
};

/** A PDF in the page's own viewer, with a link for browsers that cannot show one inline. */
function PdfPreview({ file }: { file: DocumentFile }) {
  return (
    <Box
      component="object"
      data={fileUrl(file.location)}
      type="application/pdf"
      aria-label={`Preview of ${file.originalName}`}
      sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="body2" sx={{ p: 2 }}>
        This browser cannot show the PDF here.{' '}
        <Link href={fileUrl(file.location)} target="_blank" rel="noopener">
          Open {file.originalName} in a new tab
        </Link>
        .
      </Typography>
    </Box>
  );
}

function FileRow({ file }: { file: DocumentFile }) {
  const kind = kindOf(file);
  const Icon = kindIcons[kind];
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  return (
    <Stack component="li" spacing={1}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
        <Icon color="action" aria-hidden />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap title={file.originalName}>
            {file.originalName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {typeName(file)} · {formatSize(file.size)}
          </Typography>
        </Box>
        {kind === 'pdf' && (
          <>
            <Button
              size="small"
              aria-expanded={previewing}
              aria-controls={previewing ? previewId : undefined}
              aria-label={`${previewing ? 'Hide preview of' : 'Preview'} ${file.originalName}`}
              onClick={() => setPreviewing((shown) => !shown)}
            >
              {previewing ? 'Hide preview' : 'Preview'}
            </Button>
            <Button
              size="small"
              href={fileUrl(file.location)}
              target="_blank"
              rel="noopener"
              aria-label={`Open ${file.originalName} in a new tab`}
            >
              Open
            </Button>
          </>
        )}
        <Button
          size="small"
          href={fileUrl(file.location)}
          download={file.originalName}
          aria-label={`Download ${file.originalName}`}
        >
          Download
        </Button>
      </Stack>
      {kind === 'image' && (
        <Box
          component="img"
          src={fileUrl(file.location)}
          alt={file.originalName}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      )}
      {kind === 'pdf' && previewing && (
        <Box id={previewId}>
          <PdfPreview file={file} />
        </Box>
      )}
    </Stack>
  );
}

/** The "Files" section of a document's view. */
export function DocumentFiles({ files }: { files: readonly DocumentFile[] }) {
  if (files.length === 0) return <EmptyState message="No files: edit the document to add one." />;
  return (
    <Stack component="ul" spacing={2} aria-label="Files" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {files.map((file) => (
        <FileRow key={file._id} file={file} />
      ))}
    </Stack>
  );
}
