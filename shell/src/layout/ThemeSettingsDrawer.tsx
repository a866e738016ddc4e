import {
  Box,
  Button,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@console/shared-sdk/mui';
import CloseIcon from '@mui/icons-material/Close';
import { themeSettings, useThemeSettings, type ThemeSettings } from '../theme/settings';

type Choice<K extends keyof ThemeSettings> = { key: K; label: string; options: [ThemeSettings[K], string][] };

const choices = [
  {
    key: 'skin',
    label: 'Skin',
    options: [
      ['light', 'Light'],
      ['dark', 'Dark'],
      ['bordered', 'Bordered'],
    ],
  },
  {
    key: 'direction',
    label: 'Direction',
    options: [
      ['ltr', 'Left to right'],
      ['rtl', 'Right to left'],
    ],
  },
  {
    key: 'navbarType',
    label: 'Navbar',
    options: [
      ['floating', 'Floating'],
      ['sticky', 'Sticky'],
      ['static', 'Static'],
      ['hidden', 'Hidden'],
    ],
  },
  {
    key: 'footerType',
    label: 'Footer',
    options: [
      ['static', 'Static'],
      ['sticky', 'Sticky'],
      ['hidden', 'Hidden'],
    ],
  },
  {
    key: 'contentWidth',
    label: 'Content width',
    options: [
      ['boxed', 'Boxed'],
      ['full', 'Full width'],
    ],
  },
  {
    key: 'routerTransition',
    label: 'Page transition',
    options: [
      ['fade', 'Fade'],
      ['slide', 'Slide'],
      ['zoom', 'Zoom'],
      ['none', 'None'],
    ],
  },
] satisfies Choice<keyof ThemeSettings>[];

export function ThemeSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useThemeSettings((s) => s);
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: 300, p: 2 }} role="dialog" aria-labelledby="theme-settings-title">
        <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row">
          <Typography id="theme-settings-title" variant="h6">
            Theme settings
          </Typography>
          <IconButton aria-label="Close theme settings" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Saved on this device.
        </Typography>
        <Divider sx={{ my: 1 }} />
        <Stack spacing={2}>
          {choices.map(({ key, label, options }) => (
            <FormControl key={key}>
              <FormLabel id={`theme-${key}`}>{label}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`theme-${key}`}
                name={key}
                value={settings[key]}
                onChange={(event) =>
                  themeSettings.set({ [key]: event.target.value } as Partial<ThemeSettings>)
                }
              >
                {options.map(([value, text]) => (
                  <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={text} />
                ))}
              </RadioGroup>
            </FormControl>
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={settings.menuCollapsed}
                onChange={(event) => themeSettings.set({ menuCollapsed: event.target.checked })}
              />
            }
            label="Menu collapsed"
          />
          <Button variant="outlined" onClick={() => themeSettings.reset()}>
            Reset to defaults
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
