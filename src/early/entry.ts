/** What the inline first-screen script exposes: only its start. */
export { startEarly } from './early';
