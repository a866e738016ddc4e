import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import BackspaceIcon from '@mui/icons-material/Backspace';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslation } from 'react-i18next';
import { unitSymbols, type TemperatureUnit } from '@console/shared-sdk/contract';
import { Field } from '../../ui/Field';
import { decimalMarkOf, pressKey } from './temperature';

/**
 * A temperature field in the site's unit, with a keypad of large keys beside it: a phone's own number
 * keyboard has no minus on some phones (a freezer reads -18 °C), and a keypad is quicker with a wet or
 * gloved hand. The field takes typing too, for a keyboard and a screen reader.
 */
export function TemperatureField({
  id,
  unit,
  value,
  onChange,
  label,
  error,
  helperText,
}: {
  id: string;
  unit: TemperatureUnit;
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string | null;
  helperText?: string;
}) {
  const { t, i18n } = useTranslation();
  const mark = decimalMarkOf(i18n.language);
  const press = (key: string) => onChange(pressKey(value, key, mark));
  const keys: { key: string; text: string; name?: string }[] = [
    ...['7', '8', '9', '4', '5', '6', '1', '2', '3'].map((digit) => ({ key: digit, text: digit })),
    { key: 'sign', text: '±', name: t('readings.keypad.sign') },
    { key: '0', text: '0' },
    { key: 'decimal', text: mark, name: t('readings.keypad.decimal') },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 320px)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ '& input': { fontSize: '2rem', fontVariantNumeric: 'tabular-nums' } }}>
        <Field
          id={id}
          label={label}
          value={value}
          onChange={(typed) => onChange(typed.replace(/[^\d.,-]/g, ''))}
          error={error}
          hint={helperText}
          autoComplete="off"
          inputMode="decimal"
          endAdornment={<InputAdornment position="end">{unitSymbols[unit]}</InputAdornment>}
        />
      </Box>
      <Box
        role="group"
        aria-label={t('readings.keypad.name')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
      >
        {keys.map(({ key, text, name }) => (
          <Button
            key={key}
            variant="outlined"
            aria-controls={id}
            onClick={() => press(key)}
            sx={{ minHeight: 56, fontSize: '1.5rem' }}
          >
            {name ? (
              <>
                <span aria-hidden>{text}</span>
                <Box component="span" sx={visuallyHidden}>
                  {name}
                </Box>
              </>
            ) : (
              text
            )}
          </Button>
        ))}
        <Button
          variant="outlined"
          aria-controls={id}
          onClick={() => press('delete')}
          sx={{ minHeight: 56, gridColumn: 'span 3' }}
        >
          <BackspaceIcon />
          <Box component="span" sx={visuallyHidden}>
            {t('readings.keypad.delete')}
          </Box>
        </Button>
      </Box>
    </Box>
  );
}
