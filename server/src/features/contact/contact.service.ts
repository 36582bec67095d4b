import type { Contact } from '@apotheca/contract';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

/** The product's fixed wording of the success toast. */
export const CONTACT_RECEIVED_MESSAGE = 'Form Submitted Successfully!';

export async function saveContactMessage(db: Db, contact: Contact): Promise<void> {
  await db.insert(contactMessages).values(contact);
}
