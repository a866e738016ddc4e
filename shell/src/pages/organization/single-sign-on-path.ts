/** The organisation's single sign-on screen, under /dashboard (a page of the Organisation entry). */
export const singleSignOnRoute = 'organization/single-sign-on';
export const singleSignOnPath = `/dashboard/${singleSignOnRoute}`;
