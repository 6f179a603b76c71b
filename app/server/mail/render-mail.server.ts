/**
 * One way to turn an e-mail template (a React Email element, app/server/mail/templates/) into the two bodies the mail
 * queue stores: the HTML document and its plain-text alternative, both from the same render, so they cannot drift.
 * React escapes every interpolated value; nothing here builds HTML by hand.
 *
 * The plain text is html-to-text's reading of the HTML (through @react-email/render's `toPlainText`, which skips the
 * preview line and images and does not wrap lines), with three adjustments so it reads like a hand-written message:
 * - a link is written `text: url` ("Confirm my e-mail address: https://…"), or just the URL when the link text is the
 *   URL; the URL is always followed by a space or a line break, so it can be copied (or matched) on its own;
 * - `tel:` and `mailto:` links keep only their text (the number or address is already what the reader sees);
 * - headings keep their letter case and the footer's rule is left out.
 */
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

/** What a template module's `render…Mail(facts)` returns: the fields `enqueueMail` takes besides kind and recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The parts of html-to-text's formatter interface used here (the package ships no types). */
interface HtmlElement {
  attribs?: Record<string, string>;
  children: unknown[];
}
interface TextBuilder {
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
}
type Walk = (nodes: unknown[], builder: TextBuilder) => void;

/** A link as `text: url` (see the module comment). */
function formatMailLink(element: HtmlElement, walk: Walk, builder: TextBuilder): void {
  const href = element.attribs?.href ?? '';
  let text = '';
  builder.pushWordTransform((word) => {
    text += word;
    return word;
  });
  walk(element.children, builder);
  builder.popWordTransform();
  if (!href || /^(tel|mailto):/i.test(href) || href === text) return;
  builder.addInline(text ? `: ${href}` : href, { noWordTransform: true });
}

const PLAIN_TEXT_OPTIONS = {
  formatters: { mailLink: formatMailLink },
  selectors: [
    { selector: 'a', format: 'mailLink' },
    { selector: 'hr', format: 'skip' },
    ...['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/**
 * `renderMail(element)` → `{ html, text }`: the element rendered once to an XHTML e-mail document, and that document's
 * plain-text reading. Rejects when a component throws while rendering.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html, PLAIN_TEXT_OPTIONS).trim() };
}
