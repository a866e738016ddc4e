import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { temperatureItemKinds, type TemperatureReadableItem } from '@console/shared-sdk/contract';
import { Field } from '../../ui/Field';
import { ButtonGrid, Section } from '../records/layout';

/** Case and accents aside: "creme" finds "Crème brûlée". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** An item as the list names it: a fridge's item with its fridge, when the two names differ. */
export function itemWords(item: Pick<TemperatureReadableItem, 'name' | 'equipmentName'>): string {
  return item.equipmentName && item.equipmentName !== item.name
    ? `${item.equipmentName} · ${item.name}`
    : item.name;
}

function ItemGroup({
  kind,
  items,
  onChoose,
}: {
  kind: TemperatureReadableItem['kind'];
  items: TemperatureReadableItem[];
  onChoose: (item: TemperatureReadableItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t(`readings.group.${kind}`)}>
      <ButtonGrid columns={3}>
        {items.map((item) => (
          <li key={item._id}>
            <Button
              variant="outlined"
              fullWidth
              onClick={() => onChoose(item)}
              sx={{ minHeight: 64, justifyContent: 'flex-start', textAlign: 'left', fontSize: '1.125rem' }}
            >
              {itemWords(item)}
            </Button>
          </li>
        ))}
      </ButtonGrid>
    </Section>
  );
}

/** The site's items by kind (fridges and freezers, probes, food), with a search over their names. */
export function ItemPicker({
  items,
  onChoose,
}: {
  items: TemperatureReadableItem[];
  onChoose: (item: TemperatureReadableItem) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const wanted = folded(search.trim());
  const found = wanted ? items.filter((item) => folded(itemWords(item)).includes(wanted)) : items;
  return (
    <Stack spacing={3}>
      <Field
        id={searchId}
        type="search"
        label={t('readings.search')}
        value={search}
        onChange={setSearch}
        autoComplete="off"
      />
      {items.length === 0 && <Typography>{t('readings.noItems')}</Typography>}
      {items.length > 0 && found.length === 0 && (
        <Typography role="status">{t('readings.nothingFound', { search: search.trim() })}</Typography>
      )}
      {temperatureItemKinds.map((kind) => {
        const ofKind = found.filter((item) => item.kind === kind);
        return ofKind.length > 0 ? (
          <ItemGroup key={kind} kind={kind} items={ofKind} onChoose={onChoose} />
        ) : null;
      })}
    </Stack>
  );
}
