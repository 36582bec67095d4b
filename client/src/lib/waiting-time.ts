import { countLabel } from './count-label';

/** "3 h 20 min", "2 days 4 h": how long a patient has waited since `since` (an ISO time). */
export function waitingTime(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${countLabel(days, 'day')} ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}
