import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ActionsIcon from '@mui/icons-material/AssignmentLate';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslation } from 'react-i18next';
import type { CorrectiveAction } from '@console/shared-sdk/contract';
import { numberIn } from '../../i18n/format';
import { cachedAnswer, onAnswerSaved } from '../../local/cached-answers';
import { usePersonSites } from '../records/sites';
import { openActionListSchema, openActionsKey, usePendingActionIds } from './action-lists';

/**
 * The actions awaiting action at the person's sites, as kept on the device (the day's refresh and the
 * Actions screen keep them; the badge makes no call of its own), and again whenever a copy is kept.
 */
function useKeptOpenActions(siteIDs: readonly string[]): CorrectiveAction[] {
  const [kept, setKept] = useState<Record<string, CorrectiveAction[]>>({});
  const joined = siteIDs.join(',');
  useEffect(() => {
    let live = true;
    const sites = joined ? joined.split(',') : [];
    // A copy kept while the first read is under way is newer than what that read may bring back.
    const heard = new Set<string>();
    void (async () => {
      const lists = await Promise.all(
        sites.map(async (siteID) => {
          const found = await cachedAnswer(openActionsKey(siteID), openActionListSchema);
          return [siteID, found?.value ?? []] as const;
        }),
      );
      if (!live) return;
      setKept((before) => ({
        ...before,
        ...Object.fromEntries(lists.filter(([siteID]) => !heard.has(siteID))),
      }));
    })();
    const stop = onAnswerSaved((key, saved) => {
      const siteID = sites.find((one) => openActionsKey(one) === key);
      const parsed = openActionListSchema.safeParse(saved.value);
      if (!siteID || !parsed.success) return;
      heard.add(siteID);
      setKept((before) => ({ ...before, [siteID]: parsed.data }));
    });
    return () => {
      live = false;
      stop();
    };
  }, [joined]);
  return siteIDs.flatMap((siteID) => kept[siteID] ?? []);
}

/**
 * The navigation's icon of Actions, with how many await action at the person's sites on a badge (those
 * recorded here and waiting to send are not counted). A screen reader hears the count before the entry's
 * name ("2 Actions"), as the badge is only drawn.
 */
export default function ActionsBadge() {
  const { i18n } = useTranslation();
  const sites = usePersonSites();
  const open = useKeptOpenActions(sites.map((site) => site.siteID));
  const pending = usePendingActionIds();
  const count = open.filter((action) => !pending.has(action._id)).length;
  return (
    <>
      <Badge badgeContent={count} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <ActionsIcon />
      </Badge>
      {count > 0 && (
        <Box component="span" sx={visuallyHidden}>
          {`${numberIn(count, i18n.language)} `}
        </Box>
      )}
    </>
  );
}
