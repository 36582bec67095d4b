import type { FastifyBaseLogger } from 'fastify';

/** A logger that keeps each line's level and message, as `level: message`, in `lines`. */
export function capturingLog() {
  const lines: string[] = [];
  const line = (level: string) => (first: unknown, message?: string) =>
    lines.push(`${level}: ${typeof first === 'string' ? first : message}`);
  const log = { error: line('error'), warn: line('warn'), info: line('info') } as unknown as FastifyBaseLogger;
  return { lines, log };
}
