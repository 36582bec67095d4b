import type { Contact } from '@apotheca/contract';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** SPEC.md §8's success toast wording. */
export const CONTACT_RECEIVED_MESSAGE = 'Form Submitted Successfully!';

export async function saveContactMessage(db: Db, contact: Contact): Promise<void> {
  await db.insert(contactMessages).values(contact);
}
