/**
 * URL of the status page's enhancement script (status-live.ts). This source value is the development URL; in
 * `react-router build` the enhance plugin (vite-plugin.ts) replaces this module with the built file's hashed URL.
 */
const statusScriptUrl: string = '/app/enhance/status-live.ts';
export default statusScriptUrl;
