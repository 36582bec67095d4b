import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.schema';
import { describeMessages, firstMessage } from './testing/message-table';

// The contact form: each field required, then its own rule.

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Order 42', message: 'Where is my order' };

describeMessages(
  'contact',
  contactSchema,
  contact,
  [
    { field: 'name', value: '', message: 'Name is required.' },
    { field: 'name', value: 'Ada <script>', message: 'Name should not contain special characters.' },
    { field: 'email', value: ' \u200b ', message: 'Email is required.' },
    { field: 'email', value: 'ada@', message: 'Invalid email format.' },
    { field: 'subject', value: undefined, message: 'Subject is required.' },
    { field: 'subject', value: 'Order #42', message: 'Subject should contain only letters, numbers and spaces.' },
    { field: 'message', value: '\u00ad \u2060', message: 'Message is required.' },
    {
      field: 'message',
      value: "Robert'); DROP TABLE users;--",
      message: 'Message should contain only letters, numbers and spaces.',
    },
    { field: 'message', value: words(101), message: 'Message must be 100 words or less.' },
  ],
  [
    { message: words(100) },
    { message: 'Two lines\nof text' },
    // Letters of every alphabet are letters.
    { name: 'José Núñez', subject: 'Commande 42 reçue', message: 'Très bien merci\nДо свидания' },
  ],
);

describe('contact name', () => {
  it("refuses a mark that belongs to no letter, as a person's name does", () => {
    expect(firstMessage(contactSchema, { ...contact, name: 'Ada \u0301' }, 'name')).toBe(
      'Name should not contain special characters.',
    );
  });
});
