/** Spec 6: logged in means the stored flag, or the main site's access flag true; any failure means false. */
export function isLoggedInBy(storedFlag: boolean, access: boolean | null): boolean {
  return storedFlag || access === true;
}
