import { landingKeys, type LandingKeys } from '../domain/tracking';
import { randomPageViewId } from '../early/page-view-id';
import type { PageView } from './page-view';

/** The landing keys of a view's events; its id is made the first time an event needs one, then kept. */
export function keysOf(view: PageView): LandingKeys {
  view.id ??= randomPageViewId();
  const { brand, country, slug, experiment, variant } = view;
  return landingKeys({ pageViewId: view.id, brand, country, slug, experiment, variant });
}
