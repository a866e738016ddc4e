import { OrganizationLinkCard } from './OrganizationLinkCard';
import { singleSignOnPath } from './single-sign-on-path';

/** The way to the organisation's single sign-on, for those who may see it. */
export function SingleSignOnCard() {
  return (
    <OrganizationLinkCard
      I="read"
      a="SingleSignOn"
      title="Single sign-on"
      subheader="Sign-in with your company's identity provider"
      linkLabel="Open single sign-on"
      to={singleSignOnPath}
    >
      Let your people sign in with Microsoft Entra ID, Okta or Google Workspace (OpenID Connect), and decide
      whether console passwords still work.
    </OrganizationLinkCard>
  );
}
