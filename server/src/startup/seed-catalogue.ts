import { z } from 'zod';
import { CATEGORIES, DOSAGE_FORMS } from '@apotheca/contract';
import catalogue from './seed-catalogue.json';

/**
 * The demo catalogue: real generic ingredients, each sold under several brands and strengths so
 * that substitutes exist. The prescription flag follows common practice (antibiotics, insulin and
 * other diabetes tablets, statins, blood-pressure, heart, thyroid and mental-health medicines need
 * one; paracetamol, ibuprofen, aspirin and gels for aches do not). The leaflet texts are short and
 * our own: general facts, not any maker's leaflet, and no substitute for one.
 *
 * The entries are data, so they live in seed-catalogue.json; this schema checks them when the
 * module loads, and a category or dosage form the contract does not list stops the start at once.
 */

/** [name, maker, strength, price in cents, stock]; stock 0 = out of stock. */
const productSchema = z.tuple([
  z.string().min(1),
  z.string().min(1),
  z.string().min(1),
  z.number().int().positive(),
  z.number().int().nonnegative(),
]);

const seedGenericSchema = z.strictObject({
  activeIngredient: z.string().min(1),
  category: z.enum(CATEGORIES),
  dosageForm: z.enum(DOSAGE_FORMS),
  prescriptionRequired: z.boolean(),
  maxMonthsExpiry: z.number().int().positive(),
  packSize: z.string().min(1),
  description: z.string(),
  directions: z.string(),
  sideEffects: z.string(),
  warnings: z.string(),
  storage: z.string(),
  products: z.array(productSchema).min(1),
});

type SeedGeneric = z.infer<typeof seedGenericSchema>;

export const SEED_CATALOGUE: SeedGeneric[] = z.array(seedGenericSchema).parse(catalogue);
