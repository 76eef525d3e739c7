/** Spec 4, 6: the stored flag a login or a registration on this site leaves behind ("1"). */
export const LOGGED_IN_KEY = 'logged_in';

/** Set on <html> for a logged-in visitor: the built page shows its logged-in links by it (GlobalStyle). */
export const LOGGED_IN_ATTRIBUTE = 'data-logged-in';

/** Spec 6: logged in means the stored flag, or the main site's access flag true; any failure means false. */
export function isLoggedInBy(storedFlag: boolean, access: boolean | null): boolean {
  return storedFlag || access === true;
}
