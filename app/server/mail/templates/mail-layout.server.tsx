/**
 * The building blocks every e-mail template uses (React Email components with inline styles, brand colour #0b1a33):
 * - `MailLayout`: a customer-facing message: the shop's name as the header, the body, and a footer with
 *   "Questions? Call us at {phone}." (a `tel:` link) and the shop's name.
 * - `MailDocument`: the bare document (title, preview line, page and card) that `MailLayout` fills; messages to the
 *   shop's own staff use it directly, without the customer header and footer.
 * - `Paragraph`, `ActionButton` (the message's main link, as a button) and `TextLink` (a link inside a sentence).
 * Plain and accessible: one column, `lang="en"`, real text (no images), 16 px body text, links underlined, colours
 * with at least 4.5:1 contrast.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { telHref } from '~/content/shop';

/** The brand colour: header, buttons, links and text. */
export const BRAND_COLOR = '#0b1a33';

const styles = {
  body: {
    backgroundColor: '#f4f5f7',
    margin: 0,
    padding: '24px 0',
    fontFamily: 'Arial, Helvetica, sans-serif',
    color: BRAND_COLOR,
  },
  card: { backgroundColor: '#ffffff', border: '1px solid #d9dde3', borderRadius: '6px', maxWidth: '600px' },
  header: { backgroundColor: BRAND_COLOR, borderRadius: '6px 6px 0 0', padding: '16px 24px' },
  shopName: { color: '#ffffff', fontSize: '20px', lineHeight: '28px', fontWeight: 'bold', margin: 0 },
  content: { padding: '8px 24px' },
  paragraph: { color: BRAND_COLOR, fontSize: '16px', lineHeight: '24px', margin: '16px 0' },
  button: {
    backgroundColor: BRAND_COLOR,
    borderRadius: '4px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 'bold',
    lineHeight: '24px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: BRAND_COLOR, textDecorationLine: 'underline' },
  rule: { borderColor: '#d9dde3', margin: '8px 0' },
  footer: { padding: '0 24px 8px' },
  footerText: { color: '#3d4a5c', fontSize: '14px', lineHeight: '22px', margin: '12px 0' },
} as const;

export interface MailDocumentProps {
  /** The document's title (the subject). */
  title: string;
  /** The line inboxes show after the subject; not part of the plain text. */
  preview: string;
  children: ReactNode;
}

export function MailDocument({ title, preview, children }: MailDocumentProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>{children}</Container>
      </Body>
    </Html>
  );
}

export interface MailLayoutProps extends MailDocumentProps {
  shopName: string;
  /** Display form, e.g. "(281) 555-0143"; linked as `tel:`. */
  shopPhone: string;
}

export function MailLayout({ title, preview, shopName, shopPhone, children }: MailLayoutProps) {
  return (
    <MailDocument title={title} preview={preview}>
      <Section style={styles.header}>
        <Heading as="h1" style={styles.shopName}>
          {shopName}
        </Heading>
      </Section>
      <Section style={styles.content}>{children}</Section>
      <Hr style={styles.rule} />
      <Section style={styles.footer}>
        <Text style={styles.footerText}>
          Questions? Call us at{' '}
          <Link href={telHref(shopPhone)} style={styles.link}>
            {shopPhone}
          </Link>
          .<br />
          {shopName}
        </Text>
      </Section>
    </MailDocument>
  );
}

/** A staff notice's content area (the padding a `MailLayout` body has). */
export function MailContent({ children }: { children: ReactNode }) {
  return <Section style={styles.content}>{children}</Section>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** The message's main link as a button, on a line of its own (plain text: "label: url"). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}
