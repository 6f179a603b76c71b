/**
 * The e-mail templates (app/server/mail/templates/): each renders an HTML document and a plain text from one source,
 * both carrying the message's facts and links; customer mails have the shop header and the `tel:` footer; the plain
 * text has no markup left and every link stands on its own; every interpolated value is escaped in the HTML.
 */
import { describe, expect, it } from 'vitest';
import { loadMailTemplates } from '~/server/mail/load-templates.server';
import type { RenderedMail } from '~/server/mail/render-mail.server';
import {
  ContactMessageMail,
  EstimateDecisionMail,
  EstimateReadyMail,
  ExistingAccountMail,
  PasswordResetMail,
  renderContactMessageMail,
  renderEstimateDecisionMail,
  renderEstimateReadyMail,
  renderExistingAccountMail,
  renderPasswordResetMail,
  renderReviewRequestMail,
  renderStatusUpdateMail,
  renderVerifyEmailMail,
  ReviewRequestMail,
  type StatusUpdateFacts,
  StatusUpdateMail,
  VerifyEmailMail,
} from '~/server/mail/templates/index.server';

const SHOP = { shopName: 'Spring Body & Paint', shopPhone: '(281) 555-0143' };

const STATUS: StatusUpdateFacts = {
  customerName: 'Jane Driver',
  workOrderNumber: '2044',
  vehicle: '2021 Toyota Camry',
  status: 'Paint',
  estimatedCompletionDate: '2030-04-05',
  statusUrl: 'https://shop.example.com/status/tok-123',
  portalUrl: 'https://shop.example.com/portal/repair-updates',
  hasAccount: true,
  pickupHours: null,
  ...SHOP,
};

/** The HTML with React's separators between adjacent text nodes (`<!-- -->`) removed, to search for sentences. */
const htmlSentences = (html: string) => html.replaceAll('<!-- -->', '');

/** The links written out in the plain text (each must stand alone, followed by a space or the end of its line). */
const textLinks = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** What every rendered mail must look like, whatever the template. */
function expectWellFormed(mail: RenderedMail) {
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain('<html dir="ltr" lang="en">');
  expect(mail.html).toContain(`<title>${mail.subject.replace(/&/g, '&amp;')}</title>`);
  // No markup, conditional comments or the preview line's invisible padding in the plain text.
  expect(mail.text).not.toMatch(/<\/?[a-z!]/i);
  expect(mail.text).not.toContain('[if mso]');
  expect(mail.text).not.toMatch(/[\u200b-\u200f\ufeff]/);
  expect(mail.text).toBe(mail.text.trim());
}

/** A customer mail: the shop's name as the header, and the footer with the phone as a `tel:` link. */
function expectCustomerLayout(mail: RenderedMail) {
  expect(mail.html).toMatch(/<h1[^>]*>Spring Body &amp; Paint<\/h1>/);
  expect(mail.html).toContain('href="tel:+12815550143"');
  expect(mail.text.startsWith('Spring Body & Paint\n\n')).toBe(true);
  expect(mail.text.endsWith('Questions? Call us at (281) 555-0143.\nSpring Body & Paint')).toBe(true);
  expect(mail.text).not.toContain('tel:');
}

describe('customer account mails', () => {
  it('verification: the confirmation link as the button, the portal wording, the layout', async () => {
    const url = 'https://shop.example.com/api/auth/verify-email?token=abc&callbackURL=%2Faccount%2Fpassword';
    const mail = await renderVerifyEmailMail({ ...SHOP, url });
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe('Confirm your e-mail address for Spring Body & Paint');
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`Confirm my e-mail address: ${url}\n`);
    expect(textLinks(mail.text)).toEqual([url]);
    for (const body of [mail.text, htmlSentences(mail.html)]) {
      expect(body).toContain('customer portal');
      expect(body).toContain('If you did not create an account, you can ignore this message.');
    }
  });

  it('password reset: the reset link and how long it works', async () => {
    const url = 'https://shop.example.com/api/auth/reset-password/tok?callbackURL=%2Freset-password';
    const mail = await renderPasswordResetMail({ ...SHOP, url });
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe('Reset your Spring Body & Paint password');
    expect(mail.text).toContain(`Choose a new password: ${url}\n`);
    expect(textLinks(mail.text)).toEqual([url]);
    expect(mail.html).toContain('The link works for one hour.');
  });

  it('existing account: login and reset links, nothing else', async () => {
    const mail = await renderExistingAccountMail({
      ...SHOP,
      loginUrl: 'https://shop.example.com/login',
      resetUrl: 'https://shop.example.com/forgot-password',
    });
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe('You already have a Spring Body & Paint account');
    expect(mail.text).toContain('but it already has one.');
    expect(mail.text).toContain('Log in: https://shop.example.com/login\n');
    expect(mail.text).toContain(
      'Forgot your password? Choose a new one: https://shop.example.com/forgot-password\n',
    );
    expect(textLinks(mail.text)).toEqual([
      'https://shop.example.com/login',
      'https://shop.example.com/forgot-password',
    ]);
    expect(mail.html).toContain('href="https://shop.example.com/forgot-password"');
  });
});

describe('estimate mails', () => {
  const ready = {
    customerName: 'Jane Driver',
    title: 'Supplement 1',
    workOrderNumber: '2044',
    vehicle: '2021 Toyota Camry',
    totalCents: 184_250,
    customerPaysCents: 50_000,
    insured: true,
    url: 'https://shop.example.com/portal/estimates/v-1',
    hasAccount: true,
    ...SHOP,
  };

  it('ready, with an account and a claim: amounts, the review button', async () => {
    const mail = await renderEstimateReadyMail(ready);
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe(
      'Supplement 1 for your 2021 Toyota Camry is ready for your approval (WO #2044)',
    );
    for (const body of [mail.text, htmlSentences(mail.html)]) {
      expect(body).toContain('Hello Jane Driver,');
      expect(body).toContain('2021 Toyota Camry');
      expect(body).toContain('work order #2044');
      expect(body).toContain('Total $1,842.50; your part $500.00 (the rest is billed to your insurer).');
    }
    expect(mail.text).toContain('The supplement 1 for your 2021 Toyota Camry (work order #2044) is ready.');
    expect(mail.text).toContain(
      'Review it and approve or decline it online: https://shop.example.com/portal/estimates/v-1\n',
    );
    expect(mail.html).toContain('href="https://shop.example.com/portal/estimates/v-1"');
  });

  it('ready, for a walk-in without a claim: the total only, and how to create the account', async () => {
    const url = 'https://shop.example.com/register?email=jane%40example.com';
    const mail = await renderEstimateReadyMail({ ...ready, insured: false, hasAccount: false, url });
    expectWellFormed(mail);
    expect(mail.text).toContain('Total $1,842.50.');
    expect(mail.text).not.toContain('your part');
    expect(mail.text).toContain(
      `Review it online: create your customer portal account with this e-mail address at ${url}, then open Repair Updates.`,
    );
    expect(mail.html).toContain(`href="${url}"`);
  });

  it('decision, to the shop: who decided what, the reason, the link; no customer footer', async () => {
    const url = 'https://shop.example.com/admin/work-orders/wo-1/estimate';
    const facts = {
      decision: 'declined' as const,
      title: 'Estimate',
      versionNumber: 2,
      workOrderNumber: '2044',
      customerName: 'Jane Driver',
      signerName: 'J. Driver',
      declineReason: 'I will get a second opinion.',
      totalCents: 184_250,
      url,
    };
    const mail = await renderEstimateDecisionMail(facts);
    expectWellFormed(mail);
    expect(mail.subject).toBe('Estimate (version 2) declined by Jane Driver (WO #2044)');
    expect(mail.text).toBe(
      [
        'J. Driver declined the estimate of work order #2044 (version 2, total $1,842.50).',
        '',
        'Reason given: I will get a second opinion.',
        '',
        `Open the estimate: ${url}`,
      ].join('\n'),
    );
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).not.toContain('tel:');

    const approved = await renderEstimateDecisionMail({
      ...facts,
      decision: 'approved',
      declineReason: null,
    });
    expect(approved.subject).toContain('approved by Jane Driver');
    expect(approved.text).not.toContain('Reason given');
  });
});

describe('contact form mail (to the shop)', () => {
  const contact = {
    name: 'Real Name',
    email: 'real@example.com',
    phone: '(281) 555-0100',
    message: 'Rear bumper damage.',
    inboxUrl: 'https://shop.example.com/admin/messages',
  };

  it('lists the sender, quotes the message and links the inbox', async () => {
    const mail = await renderContactMessageMail(contact);
    expectWellFormed(mail);
    expect(mail.subject).toBe('Website message from Real Name');
    expect(mail.text).toBe(
      [
        'New message from the website contact form.',
        '',
        'Name: Real Name',
        'E-mail: real@example.com',
        'Phone: (281) 555-0100',
        '',
        'Message:',
        '',
        '> Rear bumper damage.',
        '',
        'Read and mark it in the back office: https://shop.example.com/admin/messages',
      ].join('\n'),
    );
    expect(mail.html).toContain('href="mailto:real@example.com"');
    expect((await renderContactMessageMail({ ...contact, phone: null })).text).not.toContain('Phone:');
  });

  it("quotes every line of the visitor's text, whatever line break it uses, and keeps the sender fields on one line", async () => {
    const mail = await renderContactMessageMail({
      ...contact,
      name: 'Real\u2028Name',
      message:
        'Hi\r\n\r\nName: Someone Else\u2028Read and mark it in the back office: http://evil.example/admin/messages\u0085<b>bold</b>',
    });
    expect(mail.subject).toBe('Website message from Real Name');
    const lines = mail.text.split(/\r\n|[\r\n\u0085\u2028\u2029]/);
    expect(lines.filter((l) => l.startsWith('Name: '))).toEqual(['Name: Real Name']);
    expect(lines.filter((l) => l.startsWith('Read and mark it'))).toEqual([
      'Read and mark it in the back office: https://shop.example.com/admin/messages',
    ]);
    expect(lines).toContain('> Name: Someone Else');
    expect(lines).toContain('> Read and mark it in the back office: http://evil.example/admin/messages');
    expect(lines).toContain('> <b>bold</b>');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>bold</b>');
  });
});

describe('status update mail', () => {
  it('with an estimated completion date and an account: subject, status, date, live status button, portal link', async () => {
    const mail = await renderStatusUpdateMail(STATUS);
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe('Repair update for your 2021 Toyota Camry: Paint (WO #2044)');
    expect(mail.text).toContain('Hello Jane Driver,');
    expect(mail.text).toContain('The status of your 2021 Toyota Camry (work order #2044) is now: Paint.');
    expect(mail.text).toContain('Estimated completion date: Friday, April 5, 2030.');
    expect(mail.html).toContain('Estimated completion date: <strong>Friday, April 5, 2030</strong>.');
    expect(mail.text).toContain('Follow your repair live: https://shop.example.com/status/tok-123\n');
    expect(mail.text).toContain(
      'See the details and photos in your customer portal: https://shop.example.com/portal/repair-updates\n',
    );
    expect(textLinks(mail.text)).toEqual([
      'https://shop.example.com/status/tok-123',
      'https://shop.example.com/portal/repair-updates',
    ]);
    expect(mail.html).toContain('href="https://shop.example.com/status/tok-123"');
    expect(mail.html).toContain('href="https://shop.example.com/portal/repair-updates"');
    expect(mail.text).not.toContain('pick it up');
  });

  it('without an estimated completion date, for a walk-in: no date line, how to create the account', async () => {
    const link = 'https://shop.example.com/register?email=jane%40example.com&x=1';
    const mail = await renderStatusUpdateMail({
      ...STATUS,
      estimatedCompletionDate: null,
      hasAccount: false,
      portalUrl: link,
    });
    expectWellFormed(mail);
    expect(mail.text).not.toContain('Estimated completion date');
    expect(mail.html).not.toContain('Estimated completion date');
    expect(mail.text).toContain(`create your customer portal account with this e-mail address at ${link}`);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.text).not.toContain('See the details and photos');
  });

  it('without a portal link: only the live status page', async () => {
    const mail = await renderStatusUpdateMail({ ...STATUS, portalUrl: null });
    expect(textLinks(mail.text)).toEqual(['https://shop.example.com/status/tok-123']);
    expect(mail.text).not.toContain('customer portal');
  });

  it('Ready for Pickup with the hours: says the vehicle is ready and when to come', async () => {
    const mail = await renderStatusUpdateMail({
      ...STATUS,
      status: 'Ready for Pickup',
      pickupHours: 'Mon–Fri 8 AM–6 PM',
    });
    expect(mail.subject).toBe('Repair update for your 2021 Toyota Camry: Ready for Pickup (WO #2044)');
    for (const body of [mail.text, htmlSentences(mail.html)]) {
      expect(body).toContain(
        'Your vehicle is ready. You can pick it up during our hours: Mon–Fri 8 AM–6 PM.',
      );
    }
    // The hours are about pickup only.
    const painting = await renderStatusUpdateMail({ ...STATUS, pickupHours: 'Mon–Fri 8 AM–6 PM' });
    expect(painting.text).not.toContain('pick it up');
  });
});

describe('review request mail', () => {
  it('thanks the customer and links the review page', async () => {
    const mail = await renderReviewRequestMail({
      customerName: 'Jane Driver',
      vehicle: '2021 Toyota Camry',
      reviewUrl: 'https://g.page/r/example/review',
      ...SHOP,
    });
    expectWellFormed(mail);
    expectCustomerLayout(mail);
    expect(mail.subject).toBe('How did we do with your 2021 Toyota Camry?');
    expect(mail.text).toContain('Hello Jane Driver,');
    expect(mail.text).toContain(
      'Thank you for trusting Spring Body & Paint with the repair of your 2021 Toyota Camry.',
    );
    expect(mail.text).toContain('Write a review: https://g.page/r/example/review\n');
    expect(mail.html).toContain('href="https://g.page/r/example/review"');
  });
});

describe('escaping (one escaper: React)', () => {
  const hostile = '<script>alert("x")</script>';

  it('never puts a customer name containing <script> into the HTML unescaped', async () => {
    const mail = await renderStatusUpdateMail({
      ...STATUS,
      customerName: hostile,
      vehicle: `${hostile} Camry`,
    });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('Hello <!-- -->&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The plain text is not HTML: it shows what the customer typed, as typed.
    expect(mail.text).toContain(`Hello ${hostile},`);
  });

  it('escapes values in attributes and in every template', async () => {
    const url = `https://shop.example.com/x?a=1&b="><script>alert(1)</script>`;
    const mails = await Promise.all([
      renderVerifyEmailMail({ shopName: hostile, shopPhone: SHOP.shopPhone, url }),
      renderPasswordResetMail({ shopName: hostile, shopPhone: SHOP.shopPhone, url }),
      renderExistingAccountMail({
        shopName: hostile,
        shopPhone: SHOP.shopPhone,
        loginUrl: url,
        resetUrl: url,
      }),
      renderEstimateReadyMail({
        ...EstimateReadyMail.PreviewProps,
        customerName: hostile,
        title: hostile,
        url,
      }),
      renderEstimateDecisionMail({
        ...EstimateDecisionMail.PreviewProps,
        signerName: hostile,
        declineReason: hostile,
        url,
      }),
      renderContactMessageMail({
        ...ContactMessageMail.PreviewProps,
        name: hostile,
        phone: hostile,
        message: hostile,
        inboxUrl: url,
      }),
      renderStatusUpdateMail({
        ...STATUS,
        status: 'Paint',
        pickupHours: hostile,
        statusUrl: url,
        portalUrl: url,
      }),
      renderReviewRequestMail({ ...ReviewRequestMail.PreviewProps, customerName: hostile, reviewUrl: url }),
    ]);
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('b="><');
      expect(mail.html).toContain(
        'href="https://shop.example.com/x?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
      );
    }
  });
});

describe('preview props and the lazy loader', () => {
  it('every template renders its PreviewProps (the samples the preview script uses)', async () => {
    const templates = await loadMailTemplates();
    const rendered = await Promise.all([
      templates.renderVerifyEmailMail(VerifyEmailMail.PreviewProps),
      templates.renderPasswordResetMail(PasswordResetMail.PreviewProps),
      templates.renderExistingAccountMail(ExistingAccountMail.PreviewProps),
      templates.renderEstimateReadyMail(EstimateReadyMail.PreviewProps),
      templates.renderEstimateDecisionMail(EstimateDecisionMail.PreviewProps),
      templates.renderContactMessageMail(ContactMessageMail.PreviewProps),
      templates.renderStatusUpdateMail(StatusUpdateMail.PreviewProps),
      templates.renderReviewRequestMail(ReviewRequestMail.PreviewProps),
    ]);
    for (const mail of rendered) expectWellFormed(mail);
  });
});
