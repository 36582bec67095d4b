import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from './auth.schema';
import { describeMessages, firstMessage, type MessageCase } from './testing/message-table';

// The product's fixed messages, word for word: Login, Register, Forgot password and Reset password.

const passwordCases = (field: string): MessageCase[] => [
  { field, value: undefined, message: 'Password is required.' },
  { field, value: 'Ab1@xyz', message: 'Password must be at least 8 characters long.' },
  { field, value: 'abcdef1@', message: 'Password must contain at least one uppercase letter.' },
  { field, value: 'ABCDEF1@', message: 'Password must contain at least one lowercase letter.' },
  { field, value: 'Abcdefg@', message: 'Password must contain at least one number.' },
  { field, value: 'Abcdefg1', message: 'Password must contain at least one special character (@, $, !, %, *, ?, &).' },
];

describeMessages(
  'login',
  loginSchema,
  { email: 'ada@example.com', password: 'anything' },
  [
    { field: 'email', value: '', message: 'Email is required.' },
    { field: 'email', value: 'ada@example', message: 'Invalid email format.' },
    { field: 'password', value: '', message: 'Password is required.' },
  ],
  [{ remember: true }, { email: '  Ada@Example.com  ' }],
);

const registration = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret@123',
  ph_no: '0123456789',
};

describeMessages(
  'register',
  registerSchema,
  registration,
  [
    // A zero-width space and joiner show nothing: as blank as an empty field.
    { field: 'first_name', value: '\u200b\u200c', message: 'First name is required.' },
    { field: 'first_name', value: 'Ada1', message: 'First name should contain only letters.' },
    { field: 'last_name', value: undefined, message: 'Last name is required.' },
    { field: 'last_name', value: 'Love-lace', message: 'Last name should contain only letters.' },
    { field: 'email', value: undefined, message: 'Email is required.' },
    { field: 'email', value: 'ada.example.com', message: 'Invalid email format.' },
    ...passwordCases('password'),
    { field: 'ph_no', value: '\u2060', message: 'Phone number is required.' },
    { field: 'ph_no', value: '012345678a', message: 'Phone number must be exactly 10 digits.' },
  ],
  [
    { password: 'Zz9$Zz9$Zz9$' },
    { role: 'admin' },
    // Letters of every alphabet are letters: a patient registers under their own name.
    { first_name: 'Zoë', last_name: 'Ångström' },
    { first_name: 'Łukasz', last_name: 'Dvořák' },
    { first_name: 'Αλέξανδρος', last_name: 'Иванова' },
    { first_name: 'हिन्दी', last_name: '山田' },
  ],
);

describeMessages('forgot password', forgotPasswordSchema, { email: 'ada@example.com' }, [
  { field: 'email', value: 'not-an-address', message: 'Please enter a valid email address' },
]);

describeMessages('reset password', resetPasswordSchema, { newPassword: 'Secret@123' }, passwordCases('newPassword'));

describe('register', () => {
  it('stores a name typed with separate accent marks in its composed form', () => {
    const parsed = registerSchema.parse({ ...registration, first_name: 'Zoe\u0308', last_name: 'Nu\u0301n\u0303ez' });
    expect([parsed.first_name, parsed.last_name]).toEqual(['Zo\u00eb', 'N\u00fa\u00f1ez']);
  });

  it('refuses a mark that belongs to no letter: a mark is part of a letter, not one of its own', () => {
    expect(firstMessage(registerSchema, { ...registration, last_name: '\u0301' }, 'last_name')).toBe(
      'Last name should contain only letters.',
    );
  });

  it('refuses an e-mail holding a character that shows nothing, and stores one typed with separate accents composed', () => {
    for (const email of ['ada\u200b@example.com', 'ada@exa\u00admple.com', 'a\u2060da@example.com']) {
      expect(firstMessage(registerSchema, { ...registration, email }, 'email'), email).toBe('Invalid email format.');
      expect(firstMessage(forgotPasswordSchema, { email }, 'email'), email).toBe('Please enter a valid email address');
    }
    expect(registerSchema.parse({ ...registration, email: 'jose\u0301@example.com' }).email).toBe(
      'jos\u00e9@example.com',
    );
    expect(forgotPasswordSchema.parse({ email: 'jose\u0301@example.com' }).email).toBe('jos\u00e9@example.com');
  });

  it('never takes a role from the form', () => {
    const parsed = registerSchema.parse({ ...registration, role: 'admin' });
    expect(parsed).not.toHaveProperty('role');
  });
});
