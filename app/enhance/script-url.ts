/**
 * URL of the marketing pages' enhancement script. This source value is the development URL (Vite serves the
 * TypeScript compiled); in `react-router build` the enhance plugin (vite-plugin.ts) replaces this module with the
 * built file's hashed URL under /assets.
 */
const enhanceScriptUrl: string = '/app/enhance/enhance.ts';
export default enhanceScriptUrl;
