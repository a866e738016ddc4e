// Module Federation needs an async boundary before shared modules are used. A failure to load shows in the
// console as an unhandled rejection, which is all a page without its code can do.
void import('./bootstrap');
