/**
 * The shop's notification of a contact form message (`kind = contact`, contact/send-contact-message.server.ts).
 *
 * Nothing the visitor writes can pass for one of the e-mail's own lines (issue 13): name, e-mail and phone are put on
 * one line each (any line break that slipped past the form's schema becomes a space), and the message is a quotation
 * whose every line starts with "> " in the plain text. Lines are split on every line-breaking character (CR, LF, NEL,
 * LS, PS), so none survives inside a quoted line.
 */
import { Fragment } from 'react';
import { type RenderedMail, renderMail } from '../render-mail.server';
import { ActionButton, MailContent, MailDocument, Paragraph, TextLink } from './mail-layout.server';

export interface ContactMessageFacts {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /** The back office's inbox, absolute. */
  inboxUrl: string;
}

/** `text` on one line: every run of line-breaking characters becomes one space. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const oneLine = (text: string) => text.replace(/[\r\n\u000B\u000C\u0085\u2028\u2029]+/g, ' ');

const subjectOf = (f: ContactMessageFacts) => `Website message from ${oneLine(f.name).slice(0, 80)}`;

const quoteStyle = {
  borderLeft: '4px solid #d9dde3',
  margin: '16px 0',
  padding: '4px 0 4px 12px',
  fontSize: '16px',
  lineHeight: '24px',
};

export function ContactMessageMail(f: ContactMessageFacts) {
  const lines = f.message.split(/\r\n|[\r\n\u0085\u2028\u2029]/);
  return (
    <MailDocument title={subjectOf(f)} preview={`New message from ${oneLine(f.name)}`}>
      <MailContent>
        <Paragraph>New message from the website contact form.</Paragraph>
        <Paragraph>
          Name: {oneLine(f.name)}
          <br />
          E-mail: <TextLink href={`mailto:${oneLine(f.email)}`}>{oneLine(f.email)}</TextLink>
          {f.phone ? (
            <>
              <br />
              Phone: {oneLine(f.phone)}
            </>
          ) : null}
        </Paragraph>
        <Paragraph>Message:</Paragraph>
        <blockquote style={quoteStyle}>
          {lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </blockquote>
        <ActionButton href={f.inboxUrl}>Read and mark it in the back office</ActionButton>
      </MailContent>
    </MailDocument>
  );
}

ContactMessageMail.PreviewProps = {
  name: 'Jane Driver',
  email: 'jane@example.com',
  phone: '(281) 555-0100',
  message: 'Rear bumper damage after a parking lot bump.\n\nCould I bring it in on Thursday for an estimate?',
  inboxUrl: 'https://shop.example.com/admin/messages',
} satisfies ContactMessageFacts;

/** `renderContactMessageMail(facts)` → subject "Website message from {name}" (one line, 80 characters at most), plain text and HTML. */
export async function renderContactMessageMail(f: ContactMessageFacts): Promise<RenderedMail> {
  return { subject: subjectOf(f), ...(await renderMail(<ContactMessageMail {...f} />)) };
}
