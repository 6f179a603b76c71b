/**
 * `escapeHtml(text)` → the text safe inside HTML element content and double- or single-quoted attribute values of an
 * e-mail body (& < > " ' escaped). One escaper for every hand-built mail template.
 */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
