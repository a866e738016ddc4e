import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { RecordingSite } from './sites';

/** Which of the person's sites a record is for; shown only to someone who works at more than one. */
export function SiteChoice({
  sites,
  value,
  onChange,
}: {
  sites: RecordingSite[];
  value: string | null;
  onChange: (siteID: string) => void;
}) {
  const { t } = useTranslation();
  if (sites.length < 2) return null;
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      onChange={(_event, chosen: string | null) => chosen && onChange(chosen)}
      aria-label={t('readings.site')}
      sx={{ flexWrap: 'wrap' }}
    >
      {sites.map((site) => (
        <ToggleButton key={site.siteID} value={site.siteID}>
          {site.name || t('readings.siteUnnamed')}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
