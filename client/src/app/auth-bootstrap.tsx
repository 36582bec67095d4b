import { useState } from 'react';
import { useMeQuery } from '../features/auth/auth.api';
import { readToken } from '../lib/auth-storage';

/** On app start, a stored token fetches the profile; a failure logs the user out, so no screen trusts a dead session. */
export function AuthBootstrap() {
  const [tokenAtStart] = useState(() => readToken() !== null);
  useMeQuery(undefined, { skip: !tokenAtStart });
  return null;
}
