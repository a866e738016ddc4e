import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import NotificationsIcon from '@mui/icons-material/Notifications';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useTranslation } from 'react-i18next';
import { numberIn } from '../../i18n/format';
import { usePersonAlerts } from './person-alerts';

/**
 * The navigation's icon of Alerts, with how many there are on a badge. A screen reader hears the count
 * before the entry's name ("2 Alerts"), as the badge is only drawn.
 */
export default function AlertsBadge() {
  const { i18n } = useTranslation();
  const { followUps, overdue } = usePersonAlerts();
  const count = followUps.length + overdue.length;
  return (
    <>
      <Badge badgeContent={count} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <NotificationsIcon />
      </Badge>
      {count > 0 && (
        <Box component="span" sx={visuallyHidden}>
          {`${numberIn(count, i18n.language)} `}
        </Box>
      )}
    </>
  );
}
