/**
 * URL of the booking page's enhancement script (book.ts). This source value is the development URL; in
 * `react-router build` the enhance plugin (vite-plugin.ts) replaces this module with the built file's hashed URL.
 */
const bookScriptUrl: string = '/app/enhance/book.ts';
export default bookScriptUrl;
