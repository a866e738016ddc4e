import {
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
} from '@console/shared-sdk/mui';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useId, useState } from 'react';
import type { ConsoleIcon } from '../icons/index.js';

// A row's actions as a compact set, the same in the grid and on the cards: a few icon buttons, and the
// rest under "More actions". The grid draws its own (MUI X's actions cell and menu); the cards use
// <CompactActions>. Both split the actions with `inlineCount`.

/** One action a row offers, ready to show. */
export interface OfferedAction {
  key: string;
  /** The words: "Delete". */
  label: string;
  /** With the record's label, what a screen reader hears: "Delete Fresh Fish Ltd". */
  name: string;
  Icon: ConsoleIcon;
  run: () => void;
}

/** The grid's actions column. */
export const actionsField = '__actions';

/** Buttons a row shows at most; beyond that the first ones stay and the rest go under "More actions". */
const mostButtons = 3;

/**
 * How many of a list's row actions show as buttons when a row may offer `most`: all of them up to three,
 * else two and the "More actions" button, so the column never needs more than three buttons' width.
 */
export const inlineCount = (most: number) => (most <= mostButtons ? mostButtons : mostButtons - 1);

/** What the grid's "More actions" button is called (MUI X names it from its locale text). */
export const moreActionsLabel = 'More actions';

export interface CompactActionsProps {
  actions: readonly OfferedAction[];
  /** How many show as buttons (`inlineCount`); the rest go under "More actions". */
  inline: number;
  /** The "More actions" button's name, e.g. "More actions for Fresh Fish Ltd". */
  moreName: string;
}

/** A card's actions: icon buttons with their words as tooltips, then "More actions" with the rest. */
export function CompactActions({ actions, inline, moreName }: CompactActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const shown = actions.slice(0, inline);
  const more = actions.slice(inline);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.25, flexShrink: 0 }}>
      {shown.map((action) => (
        <Tooltip key={action.key} title={action.label}>
          <IconButton size="small" aria-label={action.name} onClick={action.run}>
            <action.Icon fontSize="small" />
          </IconButton>
        </Tooltip>
      ))}
      {more.length > 0 && (
        <>
          <Tooltip title={moreActionsLabel}>
            <IconButton
              id={buttonId}
              size="small"
              aria-label={moreName}
              aria-haspopup="menu"
              aria-expanded={anchor !== null}
              aria-controls={anchor ? menuId : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={() => setAnchor(null)}
            slotProps={{ list: { 'aria-labelledby': buttonId } }}
          >
            {more.map((action) => (
              <MenuItem
                key={action.key}
                aria-label={action.name}
                onClick={() => {
                  setAnchor(null);
                  action.run();
                }}
              >
                <ListItemIcon>
                  <action.Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{action.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}
