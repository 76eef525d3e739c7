/** A class attribute from a component's own class, its modifiers that apply and the caller's classes. */
export function classList(...classes: Array<string | false | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
