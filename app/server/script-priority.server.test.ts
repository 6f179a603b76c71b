import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from './script-priority.server';

describe('lowerScriptPriority', () => {
  it('marks every module preload low priority and leaves everything else as it was', () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
      '</head><body><p>rel="modulepreload" in text stays</p><script type="module" nonce="n">import "/assets/root.js";</script></body>';
    const out = lowerScriptPriority(Buffer.from(html)).toString();
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(out).toContain('<p>rel="modulepreload" in text stays</p>');
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(html);
  });

  it('returns the same buffer when there is nothing to change (marketing pages)', () => {
    const html = Buffer.from('<html><body>é</body></html>');
    expect(lowerScriptPriority(html)).toBe(html);
  });
});
