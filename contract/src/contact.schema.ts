import { z } from 'zod';
import { emailSchema } from './auth.schema';
import { lettersAnd, requiredText } from './common.schema';
import { CONTACT_MESSAGE_MAX_WORDS } from './constants';

// Stored composed, as a person's name is (auth.schema.ts).
const required = (label: string) => requiredText(`${label} is required.`).normalize('NFC');

/** The contact form: every field required. */
export const contactSchema = z.object({
  name: required('Name')
    .max(100, 'Name must be at most 100 characters.')
    .regex(lettersAnd(' '), 'Name should not contain special characters.')
    .meta({ example: 'Ada Lovelace' }),
  email: emailSchema,
  subject: required('Subject')
    .max(200, 'Subject must be at most 200 characters.')
    .regex(lettersAnd('\\p{Nd} '), 'Subject should contain only letters, numbers and spaces.')
    .meta({ example: 'Order 42' }),
  message: required('Message')
    .max(2000, 'Message must be at most 2000 characters.')
    .regex(lettersAnd('\\p{Nd}\\s'), 'Message should contain only letters, numbers and spaces.')
    .refine(
      (s) => s.split(/\s+/).filter(Boolean).length <= CONTACT_MESSAGE_MAX_WORDS,
      `Message must be ${CONTACT_MESSAGE_MAX_WORDS} words or less.`,
    )
    .meta({ example: 'When will my order arrive' }),
});

export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * Where the storefront posts the contact form: the third-party service when both are set
 * (the server's CONTACT_FORM_URL and CONTACT_ACCESS_KEY), else `POST /api/contact`.
 */
export const contactConfigResponseSchema = z.object({
  formUrl: z.string().nullable(),
  accessKey: z.string().nullable(),
});

export type Contact = z.infer<typeof contactSchema>;
export type ContactConfig = z.infer<typeof contactConfigResponseSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;
