let opened = false;

/**
 * Opens the main site's session (spec 7 /session.php) before the registration calls need it: the page
 * asks once it is idle, the form as the visitor turns to it, whichever comes first; once per page.
 * In the file of the page's start-up calls (country, account): loaded already, no request of its own.
 */
export function openSession(): void {
  if (opened) return;
  opened = true;
  void import(/* webpackChunkName: "page-calls" */ './calls/session').then(({ fetchSession }) => fetchSession());
}
