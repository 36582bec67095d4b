import { reorderLevelSchema } from '@apotheca/contract';

/** The reorder level's check, the contract's (reorder-level-form.tsx loads it when a level is first edited). */
export const checkReorderLevel = (value: string) => reorderLevelSchema.safeParse({ reorderLevel: value });
