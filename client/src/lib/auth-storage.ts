import type { User } from '@apotheca/contract';

// Browser storage in the product's fixed layout: the token under 'token' as a JSON string, the user under 'user'.
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export const readToken = (): string | null => readJson<string>(TOKEN_KEY);
export const readStoredUser = (): User | null => readJson<User>(USER_KEY);

export function storeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, JSON.stringify(token));
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/**
 * Calls `onChange` whenever another tab of the shop changes the stored session (logs in or out; a
 * tab's own writes raise no event in it). Returns the call that stops listening.
 */
export function onStoredSessionChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // A null key: the whole storage was cleared.
    if (event.storageArea !== localStorage) return;
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
