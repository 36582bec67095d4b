import { useState } from 'react';
import { useMeQuery } from '../features/auth/auth.api';
import { readToken } from '../lib/auth-storage';

/** On app start, a stored token fetches the profile; a failure logs the user out (SPEC.md §4). */
export function AuthBootstrap() {
  const [tokenAtStart] = useState(() => readToken() !== null);
  useMeQuery(undefined, { skip: !tokenAtStart });
  return null;
}
