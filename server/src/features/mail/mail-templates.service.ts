import {
  formatPrice,
  ORDER_STATUS,
  orderNumberLabel,
  PATHS,
  type OrderAddress,
  type OrderStatus,
} from '@apotheca/contract';
import Handlebars from 'handlebars';
import type { MailMessage } from './mail.service';

// The templated mails (docs/decisions/0049): Handlebars writes both parts of each from the same
// data, the HTML part with every value escaped, the text part as typed. The outbox keeps a templated
// mail's name and data, and the worker renders it when it sends it, so a statement in SQL alone
// (checkout) can queue one in its own transaction.

/** What every order mail says: who it greets, the order, its items and total (the link is APP_URL's). */
export type OrderMailData = {
  firstName: string;
  number: number;
  items: { name: string; quantity: number; priceCents: number }[];
  totalCents: number;
  /** Where the parcel goes, as the order kept it; null for an order placed without an address. */
  address: OrderAddress | null;
};

type MailTemplates = {
  /**
   * `payWithinMinutes`: an unpaid order is canceled this long after it was placed
   * (UNPAID_ORDER_TTL_MINUTES); null when it is paid or never canceled.
   */
  orderPlaced: OrderMailData & { awaitingReview: boolean; payWithinMinutes: number | null };
  orderStatusChanged: OrderMailData & {
    status: OrderStatus;
    note: string | null;
    carrier: string | null;
    trackingNumber: string | null;
    /** When a dispatched parcel should arrive, in words; null before dispatch. */
    arrives: string | null;
    /**
     * A canceled order's payment, as its page reads it: "Refunded" when it was paid (`refunded`), else
     * "Not charged".
     */
    canceled: boolean;
    refunded: boolean;
    /**
     * The order's account is deleted in the same change: the mail leaves out the link to the orders
     * page, which its reader can no longer open. Absent from rows queued before it existed: false.
     */
    accountDeleted: boolean;
  };
  /** `refunded`: whether a rejected order, canceled by the rejection, had been paid. */
  prescriptionReviewed: OrderMailData & { approved: boolean; note: string | null; refunded: boolean };
  /** A lot the patient received is recalled: whom it greets (their full name), the lot and its medicine. */
  batchRecalled: { name: string; lot: string; medicine: string };
  /** A reset link, for the account holder (their first name): it opens the reset page on APP_URL. */
  passwordReset: { name: string; link: string };
};
export type MailTemplateName = keyof MailTemplates;
export type TemplatedMail = {
  [Name in MailTemplateName]: { to: string; template: Name; data: MailTemplates[Name] };
}[MailTemplateName];

const handlebars = Handlebars.create();
handlebars.registerHelper('money', (cents: number) => formatPrice(cents / 100));
handlebars.registerHelper('times', (cents: number, quantity: number) => formatPrice((cents * quantity) / 100));
const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
/**
 * A calendar day ("2026-12-02", no time or zone) as a mail says it, "Wednesday, December 2": read as UTC
 * midnight, so no zone moves it to the day before.
 */
export const dayInWords = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
/** A number of minutes as a mail says it: "30 minutes", "1 hour", "24 hours", "90 minutes". */
const durationInWords = (minutes: number) => {
  const [count, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
};
handlebars.registerHelper('duration', durationInWords);
/** An address on one line, as a mail names where the parcel goes. */
handlebars.registerHelper('addressLine', ({ name, line1, line2, city, postalCode, country }: OrderAddress) =>
  [name, line1, line2, `${postalCode} ${city}`, country].filter(Boolean).join(', '),
);

// Each mail's own words, and its layout: an order mail's shows the order, the same in every one; a
// notice's (a recall, a password reset) only its words and, if it has one, its link. What a phone's
// locked screen or an inbox list shows of a mail, its subject, its preheader and its first 200
// characters or so, names no health matter, neither a medicine nor a prescription, a review's note or a
// lot (docs/decisions/0132, 0140, 0151): what a patient takes is for them to read, not for whoever
// sees their screen. So `lead`, the first line and the preheader, says the shop, the order and the
// kind of news; DETAILS_BELOW, a neutral paragraph long enough to fill the rest of a preview, follows
// it, then the `details` and what the layout shows (an order's items). A mail with nothing private in
// it (the password reset) has `details: null`, and no such paragraph.
const BODIES: Record<
  MailTemplateName,
  { subject: string; lead: string; details: string | null; layout: keyof typeof LAYOUTS }
> = {
  orderPlaced: {
    layout: 'order',
    subject: 'Your Apotheca order {{order}}',
    lead: 'Thank you: your order {{order}} is placed.',
    details: `{{#if address}}It goes to {{addressLine address}}.{{else}}It has no delivery address yet, so it cannot be sent: open your order ("See your order" below) and add one there.{{/if}}
{{#if awaitingReview}}A pharmacist checks your prescription before the order is sent; we write again once it is checked.{{else}}We write again when its status changes.{{/if}}
{{#if payWithinMinutes}}If it is not paid within {{duration payWithinMinutes}}, it will be canceled.{{/if}}`,
  },
  orderStatusChanged: {
    layout: 'order',
    subject: 'Your Apotheca order {{order}} is {{status}}',
    lead: 'Your order {{order}} is now {{status}}.',
    details: `{{#if note}}{{note}}{{/if}}
{{#if canceled}}{{#if refunded}}Your payment is refunded.{{else}}You are not charged for it.{{/if}}{{/if}}
{{#if carrier}}Carrier: {{carrier}}{{/if}}
{{#if trackingNumber}}Tracking number: {{trackingNumber}}{{/if}}
{{#if arrives}}It should arrive {{arrives}}.{{/if}}`,
  },
  prescriptionReviewed: {
    layout: 'order',
    subject: `{{#if approved}}An update on your Apotheca order {{order}}{{else}}Your Apotheca order {{order}} is ${ORDER_STATUS.canceled}{{/if}}`,
    lead: `{{#if approved}}Your order {{order}} has been checked and goes ahead.{{else}}Your order {{order}} is canceled, and {{#if refunded}}your payment is refunded{{else}}you are not charged for it{{/if}}.{{/if}}`,
    details: `{{#if approved}}A pharmacist approved its prescription.
{{#if note}}Their note: {{note}}{{/if}}{{else}}A pharmacist rejected its prescription: {{note}}
You may order again with another prescription.
Choose "Order again" on the order in My orders: its medicines go back in your cart, and checkout asks for a new prescription.{{/if}}`,
  },
  batchRecalled: {
    layout: 'notice',
    subject: 'Recall notice: a medicine you received from Apotheca',
    lead: 'A medicine you received from Apotheca has been recalled by its manufacturer.',
    details: `It is lot {{lot}} of {{medicine}}.
Please stop using the units of lot {{lot}} (the lot number is printed on the pack) and return them to us or to any pharmacy. If you have taken it and feel unwell, contact your doctor.`,
  },
  passwordReset: {
    layout: 'notice',
    subject: 'Reset your Apotheca password',
    lead: 'To choose a new password, open the link below within the hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    details: null,
  },
};

/**
 * Between a mail's lead and its details: with the greeting and the lead, it is more than the 200
 * characters or so that a wide inbox list shows of a mail's opening, so the details are never in it.
 */
export const DETAILS_BELOW =
  "The details follow below. We keep them out of the first lines of our e-mails, because a phone's locked screen or an inbox list may show those lines to anyone who can see your screen.";

/**
 * Hidden after the preheader, so that a client that fills its preview from the HTML part shows the
 * lead and then blanks, not the body's first lines: a zero-width non-joiner and a no-break space, a
 * pair that mail clients show as nothing and do not run together.
 */
const PREHEADER_FILL = '&zwnj;&nbsp;'.repeat(120);

const ORDER_TEXT = `Hello {{firstName}},

{{#each paragraphs}}{{this}}

{{/each}}Your order {{order}}:
{{#each items}}- {{name}} × {{quantity}}: {{times priceCents quantity}}
{{/each}}Total: {{money totalCents}}

{{#if orderUrl}}See your order: {{orderUrl}}

{{/if}}Apotheca
`;

const NOTICE_TEXT = `Dear {{name}},

{{#each paragraphs}}{{this}}

{{/each}}{{#if link}}{{link}}

{{/if}}Apotheca
`;

/**
 * The HTML part of every layout: its preheader (the lead, hidden from the reader, Outlook included,
 * for the client's preview), its greeting, the paragraphs, what the layout shows after them, the
 * closing. As wide as a phone's screen (without the viewport, a phone's mail app lays it out 980 px
 * wide and shrinks the text), and a word longer than a line (a link, a name) broken rather than
 * pushing the page sideways; an amount is never broken.
 */
const htmlLayout = (greeting: string, after: string) => `<!doctype html>
<html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="overflow-wrap: anywhere; font-family: sans-serif; color: #0f172a;">
<div style="display: none; max-height: 0; overflow: hidden; mso-hide: all;">{{lead}}${PREHEADER_FILL}</div>
<p>${greeting}</p>
{{#each paragraphs}}<p>{{this}}</p>
{{/each}}${after}<p>Apotheca</p>
</body></html>
`;

const ORDER_HTML = htmlLayout(
  'Hello {{firstName}},',
  `<table style="border-collapse: collapse;">
<caption style="text-align: left; font-weight: bold;">Your order {{order}}</caption>
{{#each items}}<tr><td style="padding: 2px 12px 2px 0;">{{name}} × {{quantity}}</td><td style="text-align: right; white-space: nowrap;">{{times priceCents quantity}}</td></tr>
{{/each}}<tr><th style="text-align: left; padding-top: 6px;">Total</th><th style="text-align: right; white-space: nowrap; padding-top: 6px;">{{money totalCents}}</th></tr>
</table>
{{#if orderUrl}}<p><a href="{{orderUrl}}">See your order</a></p>
{{/if}}`,
);

const asText = { noEscape: true, strict: true } as const;
const compiled = Object.fromEntries(
  Object.entries(BODIES).map(([name, body]) => [
    name,
    {
      subject: handlebars.compile(body.subject, asText),
      lead: handlebars.compile(body.lead, asText),
      details: body.details === null ? null : handlebars.compile(body.details, asText),
    },
  ]),
) as Record<
  MailTemplateName,
  { subject: HandlebarsTemplateDelegate; lead: HandlebarsTemplateDelegate; details: HandlebarsTemplateDelegate | null }
>;
const LAYOUTS = {
  order: { text: handlebars.compile(ORDER_TEXT, asText), html: handlebars.compile(ORDER_HTML, { strict: true }) },
  notice: {
    text: handlebars.compile(NOTICE_TEXT, asText),
    html: handlebars.compile(
      htmlLayout('Dear {{name}},', '{{#if link}}<p><a href="{{link}}">{{link}}</a></p>\n{{/if}}'),
      { strict: true },
    ),
  },
};

/**
 * A templated mail written out, an order's with the link to the shopper's orders on `appUrl`, but for
 * an account deleted (null: the layout leaves it out).
 */
export function renderMail({ to, template, data }: TemplatedMail, appUrl: string): MailMessage {
  const linked = !('accountDeleted' in data && data.accountDeleted);
  const order =
    'number' in data
      ? { order: orderNumberLabel(data.number), orderUrl: linked ? `${appUrl}${PATHS.orders}` : null }
      : {};
  const values = { ...data, ...order };
  const { subject, lead, details } = compiled[template];
  const first = lead(values);
  const paragraphs = details
    ? [first, DETAILS_BELOW, ...details(values).split('\n')].filter((line) => line.trim() !== '')
    : [first];
  const filled = { ...values, lead: first, paragraphs };
  const layout = LAYOUTS[BODIES[template].layout];
  return { to, subject: subject(values), text: layout.text(filled), html: layout.html(filled) };
}

/** Whether a stored template name is one of ours (the outbox column is plain text). */
export const isMailTemplate = (name: string): name is MailTemplateName => Object.hasOwn(BODIES, name);
