/* global window */
// Decap starts itself as soon as its bundle runs unless told otherwise; admin.js starts it after registering.
window.CMS_MANUAL_INIT = true;
