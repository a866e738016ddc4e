import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { kitchenLanguageNames, kitchenLanguages, type KitchenLanguage } from '@console/shared-sdk/contract';
import { changePerson } from '../../app/store';
import type { StoredPerson } from '../../local/db';
import { record } from '../../sync/record';

/** Speaks `language` to the person from now on, and saves it on their profile (when online, or later). */
export async function chooseLanguage(person: StoredPerson, language: KitchenLanguage): Promise<void> {
  await changePerson(person.userID, (stored) => ({ ...stored, language }));
  await record('profile.language', { language }, person.userID);
}

/** The languages, each named in itself (kitchenLanguageNames), as large radio buttons. */
export function LanguageChoice({ person }: { person: StoredPerson }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id} sx={{ fontWeight: 700 }}>
        {t('settings.language')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={id}
        value={person.language}
        onChange={(_event, value) => {
          const language = kitchenLanguages.find((one) => one === value);
          if (language) void chooseLanguage(person, language);
        }}
      >
        {kitchenLanguages.map((language) => (
          <FormControlLabel
            key={language}
            value={language}
            control={<Radio />}
            label={<span lang={language}>{kitchenLanguageNames[language]}</span>}
            sx={{ minHeight: 48 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
