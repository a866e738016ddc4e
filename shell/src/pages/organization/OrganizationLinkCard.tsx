import type { ReactNode } from 'react';
import { Can, type Action, type SubjectName } from '@console/shared-sdk';
import { Button, Card, CardContent, CardHeader, Typography } from '@console/shared-sdk/mui';
import { Link as RouterLink } from '@console/shared-sdk/router';

export interface OrganizationLinkCardProps {
  /** Who sees the card: those who may do this on the page's subject. */
  I: Action;
  a: SubjectName;
  title: string;
  subheader: string;
  /** What the page is for, in a sentence or two. */
  children: ReactNode;
  /** The button's words ("Open API keys"): the smoke walk opens every "Open …" link of the page. */
  linkLabel: string;
  to: string;
}

/**
 * The way from the organisation's page to one of its own pages (single sign-on, provisioning, API keys,
 * roles), for those who may use it: a page of its own rather than a menu entry, so the side menu still fits
 * a desk's window.
 */
export function OrganizationLinkCard({
  I,
  a,
  title,
  subheader,
  children,
  linkLabel,
  to,
}: OrganizationLinkCardProps) {
  return (
    <Can I={I} a={a}>
      <Card>
        <CardHeader title={title} subheader={subheader} />
        <CardContent>
          <Typography sx={{ mb: 2 }}>{children}</Typography>
          <Button variant="outlined" component={RouterLink} to={to}>
            {linkLabel}
          </Button>
        </CardContent>
      </Card>
    </Can>
  );
}
