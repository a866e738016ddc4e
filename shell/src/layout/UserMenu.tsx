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
import { roleLabels, useSession } from '@console/shared-sdk';

export function UserMenu() {
  const user = useSession((s) => s.userData);
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
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
          aria-label={`Account of ${user.firstName} ${user.lastName}`}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
        >
          <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ opacity: '1 !important', display: 'block' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {roleLabels[user.role]} · {user.email}
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
