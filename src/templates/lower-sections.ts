/**
 * The sections below the fold, in one chunk of their own: the server renders them into the HTML and
 * the browser fetches their code beside the first load, not in it, hydrating each when it arrives.
 * Until then they are plain HTML: their links work, the rules button waits for its code.
 */
export { Footer } from '../components/Footer';
export { AppLinks } from '../features/apps/AppLinks';
export { AppScreenshot } from '../features/apps/AppScreenshot';
export { Steps } from '../features/offer/Steps';
export { PaymentIcons } from '../features/payments/PaymentIcons';
export { RulesButton } from '../features/rules/RulesButton';
export { SocialLinks } from '../features/social/SocialLinks';
