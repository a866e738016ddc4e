import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@console/shared-sdk/mui';
import { useEffect, useId, useRef, useState } from 'react';
import { useRead, useSelectedSite } from '@console/shared-sdk';
import {
  libraryApi,
  libraryImportSchema,
  templateApi,
  type LibraryTemplate,
} from '@console/shared-sdk/tasks';
import {
  ErrorState,
  FieldInput,
  formErrorStatuses,
  issuesToErrors,
  useModalForm,
} from '@console/shared-sdk/ui';
import { ChecklistItems } from './template-checklist';
import { itemCount, typeLabel } from './template-types';

// The platform's template library: browse it, preview one template's items, and import a copy into the
// organisation's templates, under a name none of them has: the library's, or with (2), (3)… after it.

/** Names compared as the API does for a clash (api/src/platform/http/repository.ts): case and spaces aside. */
const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

/**
 * `name`, or the first of "name (2)", "name (3)"… that no name in `taken` is (the organisation's templates,
 * which must all have names of their own): importing a template again pre-fills a name that is free.
 */
export function freeTemplateName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map(nameKey));
  if (!used.has(nameKey(name))) return name;
  for (let copy = 2; ; copy += 1) {
    const candidate = `${name} (${copy})`;
    if (!used.has(nameKey(candidate))) return candidate;
  }
}

/** The form between the dialog's frame and its parts keeps the frame's column, so the items scroll. */
const formInDialog = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

function Loading({ message }: { message: string }) {
  return (
    <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 3 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography variant="body2">{message}</Typography>
    </Stack>
  );
}

export interface TemplateLibraryDialogProps {
  onClose: () => void;
  /** After a template was imported (the HTTP layer has shown the server's toast). */
  onImported: () => void;
}

/** The library as a dialog: the list, then one template's preview with Import. */
export function TemplateLibraryDialog({ onClose, onImported }: TemplateLibraryDialogProps) {
  const titleId = useId();
  const baseId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Failures show in the dialog, with Retry, rather than as a pop-up over it.
  const library = useRead(['PredefinedTemplate', 'list'], (signal) =>
    libraryApi.list({ quiet: true, signal }),
  );
  const templates = library.data;
  const [chosen, setChosen] = useState<LibraryTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  // Back from a preview puts the focus on the template it showed.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (chosen !== null || returnTo.current === null) return;
    document.getElementById(returnTo.current)?.focus();
    returnTo.current = null;
  }, [chosen]);

  const itemId = (template: LibraryTemplate) => `${baseId}-${template._id}`;
  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>Template library</DialogTitle>
      {chosen ? (
        <LibraryPreview
          key={chosen._id}
          template={chosen}
          onBack={() => {
            returnTo.current = itemId(chosen);
            setChosen(null);
          }}
          onBusy={setBusy}
          onImported={() => {
            onImported();
            onClose();
          }}
        />
      ) : (
        <>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Ready-made checklists for food safety and hygiene. Open one to see its items and import a copy
              into your templates, where you can change it.
            </Typography>
            {library.loading && <Loading message="Loading the library…" />}
            {!templates && !library.reading && (
              <ErrorState message="Could not load the template library." onRetry={library.reload} />
            )}
            {templates &&
              (templates.length === 0 ? (
                <Typography role="status" sx={{ py: 3 }}>
                  The library has no templates yet.
                </Typography>
              ) : (
                <List aria-label="Library templates">
                  {templates.map((template) => (
                    <ListItem key={template._id} disablePadding divider>
                      <ListItemButton id={itemId(template)} onClick={() => setChosen(template)}>
                        <ListItemText
                          primary={template.name}
                          secondary={`${typeLabel(template.type)} · ${itemCount(template.checkListItems.length)}`}
                        />
                        {template.imported && (
                          <Chip size="small" color="success" variant="outlined" label="Imported" />
                        )}
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** One library template's items, loaded by find-one, and the import form. */
function LibraryPreview({
  template,
  onBack,
  onBusy,
  onImported,
}: {
  template: LibraryTemplate;
  onBack: () => void;
  onBusy: (busy: boolean) => void;
  onImported: () => void;
}) {
  const fieldId = useId();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The list's copy shows at once; find-one's answer replaces it when it arrives.
  const {
    data: record,
    reading: loading,
    error,
    reload,
  } = useRead(['PredefinedTemplate', 'record', template._id], (signal) =>
    libraryApi.get(template._id, { quiet: true, signal }),
  );
  const shown = record ?? template;
  // A site admin's copy belongs to the selected site (the API ignores it for an organisation admin).
  const siteID = useSelectedSite((s) => s.selectedSiteID);

  const form = useModalForm({
    initial: { name: template.name },
    validate: (values) => {
      const result = libraryImportSchema.safeParse({ _id: template._id, name: values.name });
      return result.success ? {} : issuesToErrors(result.error.issues);
    },
    save: async (values) => {
      // A clash with a template of the same name (409 on `name`) shows at the name field.
      await libraryApi.importOne(
        { _id: template._id, name: values.name.trim(), ...(siteID ? { siteID } : {}) },
        { quietFor: formErrorStatuses },
      );
    },
    onSaved: onImported,
  });
  useEffect(() => onBusy(form.submitting), [form.submitting, onBusy]);

  // The organisation's template names, so the name offered is free: quiet, since without them the library's
  // name is offered and a clash still shows at the field (409).
  const names = useRead(['Template', 'simple-list'], (signal) =>
    templateApi.simpleList({ quiet: true, signal }),
  );
  const freeName = names.data
    ? freeTemplateName(
        template.name,
        names.data.map((one) => one.name),
      )
    : null;
  const offered = useRef(false);
  const { setField } = form;
  const untouched = form.values.name === template.name;
  useEffect(() => {
    if (freeName === null || offered.current) return;
    offered.current = true;
    // A name typed meanwhile is the user's: it stays.
    if (untouched) setField('name', freeName);
  }, [freeName, untouched, setField]);

  return (
    <form {...form.formProps} aria-label={`Import ${template.name}`} style={formInDialog}>
      <DialogContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h3" tabIndex={-1} ref={headingRef} sx={{ outline: 'none' }}>
              {shown.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {typeLabel(shown.type)} · {itemCount(shown.checkListItems.length)}
            </Typography>
          </Box>
          {shown.description && <Typography variant="body2">{shown.description}</Typography>}
          {shown.imported && (
            <Alert severity="info">
              Your organisation already has a copy of this template. Importing it again adds another one,
              under a name of its own.
            </Alert>
          )}
          {loading && record === undefined && <Loading message="Loading its items…" />}
          {error !== null && !loading && (
            <ErrorState message="Could not load this template's items." onRetry={reload} />
          )}
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              Checklist
            </Typography>
            <ChecklistItems items={shown.checkListItems} label={`Items of ${shown.name}`} />
          </Box>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <FieldInput
            field={{
              kind: 'text',
              name: 'name',
              label: 'Name in your templates',
              required: true,
              helperText: 'A name none of your templates has yet: change it as you like.',
            }}
            id={`${fieldId}-name`}
            value={form.values.name}
            onChange={(value) => form.setField('name', typeof value === 'string' ? value : '')}
            onBlur={form.blur}
            error={form.errors.name}
            errors={{}}
            disabled={form.submitting}
            context={{ siteID: null, timeZone: 'UTC' }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onBack} disabled={form.submitting}>
          Back to the library
        </Button>
        <Button type="submit" variant="contained" loading={form.submitting}>
          Import
        </Button>
      </DialogActions>
    </form>
  );
}
