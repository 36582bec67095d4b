import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
/** `GET /api/health/ready`: 200 while the instance takes traffic; 503 once it drains or its database is down. */
export const readinessResponseSchema = z.object({ status: z.literal('ready') });
