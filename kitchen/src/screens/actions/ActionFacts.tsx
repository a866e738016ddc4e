import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CorrectiveAction } from '@console/shared-sdk/contract';
import { useSiteWriting } from '../../app/site-writing';
import { dayTimeIn } from '../../i18n/format';
import { isOverdue } from './action-lists';

/**
 * What an action is about, as the list and the form show it: the deviation in the server's words, its kind
 * and check, when it happened and when it is due, on the site's clock; overdue marked in words and colour.
 * Spans only, so it can sit inside the list's links.
 */
export function ActionFacts({ action, now }: { action: CorrectiveAction; now: number }) {
  const { t, i18n } = useTranslation();
  const { dateLocale } = useSiteWriting()(action.siteID);
  const at = (instant: string) => dayTimeIn(instant, action.timeZoneId, i18n.language, dateLocale);
  const overdue = isOverdue(action, now);
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontSize: '1.125rem', fontWeight: 600 }}>
        {action.deviation}
      </Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
        {t(`labels.correctiveActionKind.${action.kind}`)} ·{' '}
        {t(`labels.correctiveCheckType.${action.checkType}`)} · {action.ref}
      </Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 400 }}>
        {t('actions.happened', { time: at(action.occurredAt) })}
      </Box>
      <Box
        component="span"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', fontWeight: 400 }}
      >
        {overdue && <Chip component="span" color="error" size="small" label={t('actions.overdue')} />}
        <Box component="span" sx={{ color: overdue ? 'error.main' : 'text.primary' }}>
          {t(overdue ? 'actions.wasDue' : 'actions.due', { time: at(action.dueAt) })}
        </Box>
      </Box>
    </>
  );
}
