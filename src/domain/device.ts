import type { Device } from './links';

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i;

/**
 * The main site has separate mobile pages (/m), so links must match the visitor's device.
 * Static HTML is rendered for mobile, where most visitors are; desktops switch after hydration.
 */
export function deviceFromUserAgent(userAgent: string, userAgentDataMobile?: boolean): Device {
  if (userAgentDataMobile !== undefined) return userAgentDataMobile ? 'mobile' : 'desktop';
  return MOBILE_UA.test(userAgent) ? 'mobile' : 'desktop';
}
