import {
  Avatar,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@console/shared-sdk/mui';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useState } from 'react';
import { useNavigate } from '@console/shared-sdk/router';
import { LtrText, roleLabels, useSession } from '@console/shared-sdk';

export function UserMenu() {
  const user = useSession((s) => s.userData);
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  const fullName = `${user.firstName} ${user.lastName}`;
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  return (
    <>
      <Tooltip title="Account">
        <IconButton
          edge="end"
          sx={{ p: 0.5, flexShrink: 0 }}
          onClick={(event) => setAnchor(event.currentTarget)}
          // The name holds what the button shows (its initials), so a voice user can say what they see.
          aria-label={`Account of ${fullName}, initials ${initials}`}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important', display: 'block' }}>
          <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {roleLabels[user.role]} · <LtrText>{user.email}</LtrText>
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go('/dashboard/profile')}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => go('/logout')}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
