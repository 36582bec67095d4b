import type { Contact } from '@apotheca/contract';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function saveContactMessage(db: Db, contact: Contact): Promise<void> {
  await db.insert(contactMessages).values(contact);
}
